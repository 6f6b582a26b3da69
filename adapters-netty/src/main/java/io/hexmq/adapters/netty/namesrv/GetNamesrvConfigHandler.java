package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.GetNameServerConfig;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_NAMESRV_CONFIG (319, {@code mqadmin getNamesrvConfig}): no header; answers the NameServer's
 * settings as Java properties text, one {@code key=value} line each, the form the official admin parses.
 */
public final class GetNamesrvConfigHandler implements RequestHandler {

    private final GetNameServerConfig getNameServerConfig;

    public GetNamesrvConfigHandler(GetNameServerConfig getNameServerConfig) {
        this.getNameServerConfig = Objects.requireNonNull(getNameServerConfig, "getNameServerConfig");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, String> setting : getNameServerConfig.get().entrySet()) {
            text.append(setting.getKey()).append('=').append(setting.getValue()).append('\n');
        }
        return Replies.answer(Replies.success(request).body(text.toString().getBytes(StandardCharsets.UTF_8)));
    }
}

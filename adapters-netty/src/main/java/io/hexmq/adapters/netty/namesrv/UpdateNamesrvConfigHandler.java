package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.UpdateNameServerConfig;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_NAMESRV_CONFIG (318, {@code mqadmin updateNamesrvConfig}): no header; the body is Java
 * properties text with the settings to change. SUCCESS once all are applied (an empty body changes
 * nothing). A black-listed key is answered NO_PERMISSION with RocketMQ's remark; a setting fixed at start
 * NO_PERMISSION too, naming it; an unknown key or a bad value SYSTEM_ERROR, which is how the official
 * NameServer answers input it cannot use. A refused update changes nothing.
 */
public final class UpdateNamesrvConfigHandler implements RequestHandler {

    /** The official remark, which scripts around mqadmin may match on. */
    static final String BLACK_LISTED_REMARK = "Can not update config in black list.";

    private final UpdateNameServerConfig updateNameServerConfig;

    public UpdateNamesrvConfigHandler(UpdateNameServerConfig updateNameServerConfig) {
        this.updateNameServerConfig = Objects.requireNonNull(updateNameServerConfig, "updateNameServerConfig");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        UpdateNameServerConfig.Outcome outcome = updateNameServerConfig.update(
                new UpdateNameServerConfig.Command(properties(request.body())));
        if (outcome.applied()) {
            return Replies.answer(Replies.success(request));
        }
        return switch (outcome.refusal()) {
            case BLACK_LISTED -> Replies.failure(request, ResponseCode.NO_PERMISSION, BLACK_LISTED_REMARK);
            case FIXED_AT_START -> Replies.failure(request, ResponseCode.NO_PERMISSION, outcome.reason());
            case UNKNOWN_KEY, INVALID_VALUE -> Replies.failure(request, ResponseCode.SYSTEM_ERROR, outcome.reason());
        };
    }

    private static Map<String, String> properties(byte[] body) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(new String(body, StandardCharsets.UTF_8)));
        } catch (IOException | IllegalArgumentException e) {
            throw new InvalidBodyException("not Java properties text: " + e.getMessage(), e);
        }
        Map<String, String> changes = new LinkedHashMap<>();
        for (String key : properties.stringPropertyNames()) {
            changes.put(key, properties.getProperty(key));
        }
        return changes;
    }
}

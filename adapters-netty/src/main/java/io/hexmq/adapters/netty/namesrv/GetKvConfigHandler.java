package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.GetKvConfig;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.remoting.header.KvConfigHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * GET_KV_CONFIG (101): header namespace, key; answers the value in the response header {@code value},
 * or QUERY_NOT_FOUND with the official remark.
 */
public final class GetKvConfigHandler implements RequestHandler {

    private final GetKvConfig getKvConfig;

    public GetKvConfigHandler(GetKvConfig getKvConfig) {
        this.getKvConfig = Objects.requireNonNull(getKvConfig, "getKvConfig");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        KvNamespace namespace = Headers.namespace(header);
        String key = header.stringOf(KvConfigHeader.KEY);
        Optional<String> value = getKvConfig.get(new GetKvConfig.Query(namespace, key));
        if (value.isEmpty()) {
            return Replies.failure(request, ResponseCode.QUERY_NOT_FOUND,
                    "No config item, Namespace: " + namespace.value() + " Key: " + key);
        }
        return Replies.answer(Replies.success(request).extField(KvConfigHeader.VALUE, value.get()));
    }
}

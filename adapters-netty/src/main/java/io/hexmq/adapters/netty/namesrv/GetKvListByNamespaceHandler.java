package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.GetKvConfigsByNamespace;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * GET_KVLIST_BY_NAMESPACE (219): header namespace; answers a KVTable body, or QUERY_NOT_FOUND when the
 * namespace has no entries.
 */
public final class GetKvListByNamespaceHandler implements RequestHandler {

    private final GetKvConfigsByNamespace getKvConfigsByNamespace;

    public GetKvListByNamespaceHandler(GetKvConfigsByNamespace getKvConfigsByNamespace) {
        this.getKvConfigsByNamespace = Objects.requireNonNull(getKvConfigsByNamespace, "getKvConfigsByNamespace");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        KvNamespace namespace = Headers.namespace(request.header());
        Optional<Map<String, String>> table = getKvConfigsByNamespace.get(new GetKvConfigsByNamespace.Query(namespace));
        if (table.isEmpty()) {
            return Replies.failure(request, ResponseCode.QUERY_NOT_FOUND, "No config item, Namespace: " + namespace.value());
        }
        return Replies.answer(Replies.success(request).body(NameServerBodies.kvTable(table.get())));
    }
}

package io.hexmq.client.internal.instance;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * The requests brokers send to clients (NOTIFY_CONSUMER_IDS_CHANGED, CHECK_TRANSACTION_STATE, ...).
 * The remoting client's dispatcher is fixed at construction, so it routes these codes here, and the
 * parts of the SDK that serve one register their handler when they start. A code nobody serves is
 * answered REQUEST_CODE_NOT_SUPPORTED.
 */
final class BrokerRequests {

    private static final List<Integer> CODES = List.of(RequestCode.CHECK_TRANSACTION_STATE,
            RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, RequestCode.RESET_CONSUMER_CLIENT_OFFSET,
            RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT, RequestCode.GET_CONSUMER_RUNNING_INFO,
            RequestCode.CONSUME_MESSAGE_DIRECTLY, RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT);

    private final Map<Integer, RequestHandler> handlers = new ConcurrentHashMap<>();

    RequestDispatcher dispatcher(Executor executor) {
        RequestDispatcher.Builder builder = RequestDispatcher.builder();
        RequestHandler router = this::handle;
        CODES.forEach(code -> builder.register(code, router, executor));
        return builder.build();
    }

    void register(int code, RequestHandler handler) {
        if (!CODES.contains(code)) {
            throw new IllegalArgumentException("request code " + code + " is not one brokers send to clients");
        }
        if (handlers.putIfAbsent(code, handler) != null) {
            throw new IllegalStateException("request code " + code + " already has a handler");
        }
    }

    void unregister(int code, RequestHandler handler) {
        handlers.remove(code, handler);
    }

    private CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        RequestHandler handler = handlers.get(request.code());
        if (handler == null) {
            return CompletableFuture.completedFuture(RemotingCommand.responseTo(request,
                    ResponseCode.REQUEST_CODE_NOT_SUPPORTED)
                    .remark(" request type " + request.code() + " not supported")
                    .build());
        }
        return handler.handle(request, context);
    }
}

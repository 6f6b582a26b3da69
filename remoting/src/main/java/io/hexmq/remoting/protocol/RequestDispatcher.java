package io.hexmq.remoting.protocol;

import io.hexmq.domain.metrics.RequestOutcome;
import io.hexmq.domain.metrics.port.RequestTimings;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The only place that maps request codes to handlers, and each handler to the executor it runs on
 * (requests never run on an I/O thread). Servers and clients both dispatch incoming requests here.
 *
 * <p>Rules, mirroring the official server: an unknown code is answered REQUEST_CODE_NOT_SUPPORTED
 * with remark {@code " request type <code> not supported"}; a handler's exception is answered
 * through {@link ResponseCodes} and logged once here (unexpected ones with their stack trace); a
 * full executor is answered SYSTEM_BUSY; a oneway request is processed and never answered. A
 * {@link RequestGate}, when given, sees each request on the handler's executor before the handler and may
 * answer it with a refusal instead. Every request's time from arrival to answer goes to the {@link RequestTimings}
 * given ({@link RequestTimings#NONE} unless told): one clock read at each end.
 *
 * <p>Immutable once built; build it with {@link #builder()}.
 */
public final class RequestDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);

    private record Route(RequestHandler handler, Executor executor) {
    }

    private final Map<Integer, Route> routes;
    private final ResponseCodes responseCodes;
    private final RequestGate gate;
    private final RequestTimings timings;

    private RequestDispatcher(Map<Integer, Route> routes, ResponseCodes responseCodes, RequestGate gate,
                              RequestTimings timings) {
        this.routes = Map.copyOf(routes);
        this.responseCodes = responseCodes;
        this.gate = gate;
        this.timings = timings;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A dispatcher without handlers: every request is answered REQUEST_CODE_NOT_SUPPORTED. */
    public static RequestDispatcher empty() {
        return builder().build();
    }

    public boolean handles(int requestCode) {
        return routes.containsKey(requestCode);
    }

    /**
     * Runs the handler for {@code request} on its executor. The future completes with the response to
     * write, or with {@code null} for a oneway request; it never completes exceptionally.
     */
    public CompletableFuture<RemotingCommand> dispatch(RemotingCommand request, RequestContext context) {
        long arrival = System.nanoTime();
        CompletableFuture<RemotingCommand> result = new CompletableFuture<>();
        Route route = routes.get(request.code());
        if (route == null) {
            LOG.debug("Request code {} from {} is not supported", request.code(), context.remoteAddress());
            finish(result, request, arrival, RemotingCommand.responseTo(request, ResponseCode.REQUEST_CODE_NOT_SUPPORTED)
                    .remark(" request type " + request.code() + " not supported")
                    .build(), RequestOutcome.ANSWERED);
            return result;
        }
        try {
            route.executor().execute(() -> run(route.handler(), request, context, result, arrival));
        } catch (RejectedExecutionException e) {
            finish(result, request, arrival, errorResponse(request, context, e), RequestOutcome.FAILED);
        }
        return result;
    }

    private void run(RequestHandler handler, RemotingCommand request, RequestContext context,
                     CompletableFuture<RemotingCommand> result, long arrival) {
        CompletableFuture<RemotingCommand> handled;
        try {
            Optional<RemotingCommand> refusal = gate.refusal(request, context);
            if (refusal.isPresent()) {
                finish(result, request, arrival, checked(request, refusal.get()), RequestOutcome.ANSWERED);
                return;
            }
            handled = handler.handle(request, context);
            if (handled == null) {
                handled = CompletableFuture.failedFuture(new NullPointerException(
                        "the handler of request code " + request.code() + " returned no future"));
            }
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            // A class that failed to load or a runaway recursion breaks this request, not the broker: the
            // caller gets SYSTEM_ERROR now instead of waiting out its timeout, and the next request is served.
            handled = CompletableFuture.failedFuture(e);
        }
        handled.whenComplete((response, failure) -> {
            if (failure != null) {
                finish(result, request, arrival, errorResponse(request, context, failure), RequestOutcome.FAILED);
            } else {
                finish(result, request, arrival, checked(request, response), RequestOutcome.ANSWERED);
            }
        });
    }

    private void finish(CompletableFuture<RemotingCommand> result, RemotingCommand request, long arrival,
                        RemotingCommand response, RequestOutcome outcome) {
        RemotingCommand answer = answer(request, response);
        timings.record(request.code(), answer == null ? 0 : answer.code(),
                request.isOneway() ? RequestOutcome.ONEWAY : outcome, System.nanoTime() - arrival);
        result.complete(answer);
    }

    private static RemotingCommand answer(RemotingCommand request, RemotingCommand response) {
        return request.isOneway() ? null : response;
    }

    /** A response that is not this request's would leave the caller waiting until its timeout. */
    private static RemotingCommand checked(RemotingCommand request, RemotingCommand response) {
        if (request.isOneway()) {
            return response;
        }
        if (response == null || !response.isResponse() || response.opaque() != request.opaque()) {
            LOG.error("The handler of request code {} answered {} instead of a response to opaque {}",
                    request.code(), response, request.opaque());
            return RemotingCommand.responseTo(request, ResponseCode.SYSTEM_ERROR)
                    .remark("the handler of request code " + request.code() + " produced no valid response")
                    .build();
        }
        return response;
    }

    private RemotingCommand errorResponse(RemotingCommand request, RequestContext context, Throwable failure) {
        ResponseCodes.ErrorReply reply = responseCodes.map(failure);
        if (responseCodes.isExpected(failure)) {
            LOG.warn("Request code {} from {} answered {}: {}", request.code(), context.remoteAddress(),
                    reply.code(), reply.remark());
        } else {
            LOG.error("Request code {} from {} failed", request.code(), context.remoteAddress(),
                    ResponseCodes.unwrap(failure));
        }
        return RemotingCommand.responseTo(request, reply.code()).remark(reply.remark()).build();
    }

    /** Collects the routes; a code may be registered once. */
    public static final class Builder {

        private final Map<Integer, Route> routes = new HashMap<>();
        private ResponseCodes responseCodes = ResponseCodes.defaults();
        private RequestGate gate = RequestGate.OPEN;
        private RequestTimings timings = RequestTimings.NONE;

        private Builder() {
        }

        public Builder register(int requestCode, RequestHandler handler, Executor executor) {
            Route route = new Route(Objects.requireNonNull(handler, "handler"),
                    Objects.requireNonNull(executor, "executor"));
            if (routes.putIfAbsent(requestCode, route) != null) {
                throw new IllegalArgumentException("request code " + requestCode + " is already registered");
            }
            return this;
        }

        public Builder responseCodes(ResponseCodes value) {
            this.responseCodes = Objects.requireNonNull(value, "responseCodes");
            return this;
        }

        /** The check every request passes before its handler runs; {@link RequestGate#OPEN} by default. */
        public Builder gate(RequestGate value) {
            this.gate = Objects.requireNonNull(value, "gate");
            return this;
        }

        /** Where each request's time from arrival to answer is reported; {@link RequestTimings#NONE} by default. */
        public Builder timings(RequestTimings value) {
            this.timings = Objects.requireNonNull(value, "timings");
            return this;
        }

        public RequestDispatcher build() {
            return new RequestDispatcher(routes, responseCodes, gate, timings);
        }
    }
}

package io.hexmq.remoting.protocol;

import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

/**
 * Handles the requests of one code (or a small family of codes), registered in a
 * {@link RequestDispatcher} together with the executor it runs on. It never runs on an I/O thread.
 *
 * <p>The returned future completes with the response, built with
 * {@link RemotingCommand#responseTo(RemotingCommand, int)}. It may complete later, from any thread:
 * a long-polling pull keeps the future and completes it when messages arrive. For a oneway request
 * the value is ignored (it may be {@code null}) and nothing is written back.
 *
 * <p>Throwing (or failing the future) is fine: the dispatcher turns the exception into an error
 * response through {@link ResponseCodes}; a {@link HeaderFieldException} becomes SYSTEM_ERROR with a
 * remark naming the field.
 */
@FunctionalInterface
public interface RequestHandler {

    CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context);

    /** A handler that answers before it returns. */
    static RequestHandler answering(BiFunction<RemotingCommand, RequestContext, RemotingCommand> body) {
        return (request, context) -> CompletableFuture.completedFuture(body.apply(request, context));
    }
}

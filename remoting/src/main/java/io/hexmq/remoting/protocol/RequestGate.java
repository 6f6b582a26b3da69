package io.hexmq.remoting.protocol;

import java.util.Optional;

/**
 * The check a server makes on every request before its handler runs (authentication, authorization):
 * a refusal is the response to write instead, and the connection stays open. {@link #OPEN} lets every
 * request through. Runs on the handler's executor, never on an I/O thread.
 */
@FunctionalInterface
public interface RequestGate {

    RequestGate OPEN = (request, context) -> Optional.empty();

    /** The response refusing {@code request}, or empty when its handler may run. */
    Optional<RemotingCommand> refusal(RemotingCommand request, RequestContext context);
}

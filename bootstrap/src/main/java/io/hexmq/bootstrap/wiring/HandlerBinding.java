package io.hexmq.bootstrap.wiring;

import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;

/** One request handler and the RocketMQ request code it serves, as collected into a node's dispatcher. */
public record HandlerBinding(int code, RequestHandler handler) {

    public HandlerBinding {
        Objects.requireNonNull(handler, "handler");
    }
}

package io.hexmq.adapters.netty.server;

/** The server could not bind its address (in use, not local, no permission). */
public final class ServerBindException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    ServerBindException(String message, Throwable cause) {
        super(message, cause);
    }
}

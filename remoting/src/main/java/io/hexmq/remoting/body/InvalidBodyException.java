package io.hexmq.remoting.body;

/**
 * A body could not be decoded: not the JSON or binary shape its request or response code carries. The
 * message says which body and what is wrong with it. The broker answers it with an error code; the SDK
 * turns it into its own exception.
 */
public final class InvalidBodyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InvalidBodyException(String message) {
        super(message);
    }

    public InvalidBodyException(String message, Throwable cause) {
        super(message, cause);
    }
}

package io.hexmq.remoting.protocol;

/**
 * A frame that cannot be decoded: bad length, bad header length, unknown serialize type or an
 * unparsable header. The decoder closes the connection that sent it.
 */
public final class MalformedFrameException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MalformedFrameException(String message) {
        super(message);
    }

    public MalformedFrameException(String message, Throwable cause) {
        super(message, cause);
    }
}

package io.hexmq.remoting.protocol;

/** The request could not be written to the connection (it was closing, or the write failed). */
public final class RemotingSendException extends RemotingException {

    private static final long serialVersionUID = 1L;

    public RemotingSendException(String message, Throwable cause) {
        super(message, cause);
    }
}

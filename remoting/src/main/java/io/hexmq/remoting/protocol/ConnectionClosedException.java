package io.hexmq.remoting.protocol;

/** The connection closed while the request waited for its response. */
public final class ConnectionClosedException extends RemotingException {

    private static final long serialVersionUID = 1L;

    public ConnectionClosedException(String message) {
        super(message, null);
    }
}

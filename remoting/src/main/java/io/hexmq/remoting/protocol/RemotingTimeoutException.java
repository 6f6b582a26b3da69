package io.hexmq.remoting.protocol;

/** No response arrived within the caller's timeout; a late response is dropped. */
public final class RemotingTimeoutException extends RemotingException {

    private static final long serialVersionUID = 1L;

    public RemotingTimeoutException(String message) {
        super(message, null);
    }
}

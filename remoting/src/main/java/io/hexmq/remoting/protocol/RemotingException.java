package io.hexmq.remoting.protocol;

/** Why a request sent to a peer got no response. Futures of remote calls fail with a subtype. */
public abstract class RemotingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RemotingException(String message, Throwable cause) {
        super(message, cause);
    }
}

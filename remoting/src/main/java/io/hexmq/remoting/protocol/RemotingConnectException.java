package io.hexmq.remoting.protocol;

/** No connection to the address could be made; the request was never sent. */
public final class RemotingConnectException extends RemotingException {

    private static final long serialVersionUID = 1L;

    public RemotingConnectException(String address, Throwable cause) {
        super("cannot connect to " + address, cause);
    }
}

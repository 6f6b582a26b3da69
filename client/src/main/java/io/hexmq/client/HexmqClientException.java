package io.hexmq.client;

/**
 * Why a call of the SDK failed: a server answered with an error code, or no answer came.
 *
 * <p>{@link #responseCode()} is the server's response code (RocketMQ's numbering, for example 17
 * TOPIC_NOT_EXIST, 13 MESSAGE_ILLEGAL, 3 REQUEST_CODE_NOT_SUPPORTED) and {@link #remark()} its error
 * text. Failures that happen on the client's side use RocketMQ's negative client codes:
 * {@link #TIMEOUT}, {@link #CONNECTION_FAILED}, {@link #NO_ROUTE} and {@link #CLIENT_ERROR}; their
 * remark says what happened.
 */
public class HexmqClientException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Something on the client's side went wrong (interrupted, closed client, undecodable answer). */
    public static final int CLIENT_ERROR = -1000;
    /** No address to send to: the topic has no writable queue, or its broker has no master. */
    public static final int NO_ROUTE = -1002;
    /** The connection could not be made, or broke before the answer came. */
    public static final int CONNECTION_FAILED = -1004;
    /** No answer within the timeout. */
    public static final int TIMEOUT = -1006;

    private final int responseCode;
    private final String remark;

    public HexmqClientException(int responseCode, String remark) {
        this(responseCode, remark, null);
    }

    public HexmqClientException(int responseCode, String remark, Throwable cause) {
        super("code " + responseCode + ": " + remark, cause);
        this.responseCode = responseCode;
        this.remark = remark;
    }

    /** The server's response code, or one of this class's negative client codes. */
    public int responseCode() {
        return responseCode;
    }

    /** The server's error text, or what went wrong on the client; may be {@code null}. */
    public String remark() {
        return remark;
    }

    /** True when no answer came in time ({@link #TIMEOUT}). */
    public boolean isTimeout() {
        return responseCode == TIMEOUT;
    }
}

package io.hexmq.remoting.protocol;

/** A request header field a handler needs is absent or unreadable; the message names the field. */
public abstract class HeaderFieldException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String field;

    HeaderFieldException(String field, String message, Throwable cause) {
        super(message, cause);
        this.field = field;
    }

    /** The name of the offending header field. */
    public String field() {
        return field;
    }
}

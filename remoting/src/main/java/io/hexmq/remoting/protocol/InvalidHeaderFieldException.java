package io.hexmq.remoting.protocol;

/** A request header field is present but does not parse as the type the handler needs. */
public final class InvalidHeaderFieldException extends HeaderFieldException {

    private static final long serialVersionUID = 1L;

    public InvalidHeaderFieldException(String field, String expectedType, String value, Throwable cause) {
        super(field, "the header field '" + field + "' is not " + expectedType + ": '" + value + "'", cause);
    }
}

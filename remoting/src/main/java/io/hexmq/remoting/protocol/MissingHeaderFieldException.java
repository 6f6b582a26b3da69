package io.hexmq.remoting.protocol;

/** A required request header field is absent. */
public final class MissingHeaderFieldException extends HeaderFieldException {

    private static final long serialVersionUID = 1L;

    public MissingHeaderFieldException(String field) {
        super(field, "the header field '" + field + "' is missing", null);
    }
}

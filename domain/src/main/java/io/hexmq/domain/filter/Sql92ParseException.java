package io.hexmq.domain.filter;

import io.hexmq.domain.DomainException;

/**
 * An SQL92 expression that does not parse or that RocketMQ would refuse to compile (e.g. comparing a
 * string literal with {@code >}). The message names the 1-based column and quotes the expression, so it
 * can be handed to the client as it is.
 */
public final class Sql92ParseException extends DomainException {

    private final String expression;
    private final int column;

    Sql92ParseException(String expression, int index, String reason) {
        super("Invalid SQL92 expression at column " + (index + 1) + ": " + reason + " (expression: "
                + expression + ")");
        this.expression = expression;
        this.column = index + 1;
    }

    /** The expression as the consumer wrote it. */
    public String expression() {
        return expression;
    }

    /** 1-based position of the offending character or token. */
    public int column() {
        return column;
    }
}

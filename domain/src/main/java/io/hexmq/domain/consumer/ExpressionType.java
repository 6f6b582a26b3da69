package io.hexmq.domain.consumer;

/** The language of a subscription's expression; the names are the wire values. */
public enum ExpressionType {
    /** {@code *} or tags separated by {@code ||}. */
    TAG,
    /** An SQL92 condition on message properties. */
    SQL92
}

package io.hexmq.domain.filter;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A node of a compiled expression. Every node can give its boxed value (the general, allocating path);
 * {@link Condition}s also answer a {@link Truth} without allocating, which is what filtering uses.
 * Properties are read from the encoded properties region {@code [from, to)} of {@code buffer}.
 */
abstract class Expr {

    /** {@link #value} of a node whose evaluation aborted. */
    static final Object ABORTED = new Object();

    /** The boxed value: null, String, Integer, Long, Double, Boolean, or {@link #ABORTED}. */
    abstract Object value(ByteBuffer buffer, int from, int to);

    /** The node as it would be written, for error messages. */
    abstract String text();

    @Override
    public String toString() {
        return text();
    }

    /** A message property by name; its value is always a String (or null when absent). */
    static final class Property extends Expr {

        final String name;
        final byte[] utf8;

        Property(String name) {
            this.name = name;
            this.utf8 = name.getBytes(StandardCharsets.UTF_8);
        }

        long locate(ByteBuffer buffer, int from, int to) {
            return PropertyBytes.locate(buffer, from, to, utf8);
        }

        @Override
        Object value(ByteBuffer buffer, int from, int to) {
            long location = locate(buffer, from, to);
            return location == PropertyBytes.ABSENT ? null : PropertyBytes.decode(buffer, location);
        }

        @Override
        String text() {
            return name;
        }
    }

    /**
     * A constant. {@code written} literals appear as such in the text; the others result from a unary
     * minus ({@code -5} folds to -5, and the minus of anything but a number is always null, as in
     * RocketMQ). Only written literals are subject to RocketMQ's parse-time checks on constants.
     */
    static final class Literal extends Expr {

        final Object value;
        final boolean written;
        /** UTF-8 of a String value, else null. */
        final byte[] utf8;

        Literal(Object value, boolean written) {
            this.value = value;
            this.written = written;
            this.utf8 = value instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : null;
        }

        boolean isNumber() {
            return value instanceof Number;
        }

        boolean isBooleanOrNull() {
            return value == null || value instanceof Boolean;
        }

        Literal negated() {
            if (value instanceof Integer i) {
                return new Literal(-i, false);
            } else if (value instanceof Long l) {
                return new Literal(-l, false);
            } else if (value instanceof Double d) {
                return new Literal(-d, false);
            }
            return new Literal(null, false);
        }

        @Override
        Object value(ByteBuffer buffer, int from, int to) {
            return value;
        }

        @Override
        String text() {
            return Sql92Values.format(value);
        }
    }

    /** A boolean expression; as a value it is Boolean, or null when unknown. */
    abstract static class Condition extends Expr {

        /** One of {@link Truth}'s values; allocates nothing. */
        abstract int test(ByteBuffer buffer, int from, int to);

        @Override
        final Object value(ByteBuffer buffer, int from, int to) {
            return switch (test(buffer, from, to)) {
                case Truth.TRUE -> Boolean.TRUE;
                case Truth.FALSE -> Boolean.FALSE;
                case Truth.UNKNOWN -> null;
                default -> ABORTED;
            };
        }
    }
}

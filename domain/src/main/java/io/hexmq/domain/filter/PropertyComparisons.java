package io.hexmq.domain.filter;

import io.hexmq.domain.filter.Expr.Condition;
import io.hexmq.domain.filter.Expr.Literal;
import io.hexmq.domain.filter.Expr.Property;
import java.nio.ByteBuffer;

/**
 * Equality and ordering of a property against a literal or another property, decided on the
 * property's bytes where they lie in the record (numbers parsed in place when they are plain), so
 * that a matching message costs no allocation.
 */
final class PropertyComparisons {

    private PropertyComparisons() {
    }

    /** A property on one side of an operator and a literal on the other, read back in the order written. */
    abstract static class PropertyAndLiteral extends Condition {
        final Property property;
        final Literal literal;
        final boolean propertyOnLeft;
        private final String symbol;

        PropertyAndLiteral(Property property, String symbol, Literal literal, boolean propertyOnLeft) {
            this.property = property;
            this.symbol = symbol;
            this.literal = literal;
            this.propertyOnLeft = propertyOnLeft;
        }

        @Override
        final String text() {
            return propertyOnLeft ? Conditions.infix(property, symbol, literal)
                : Conditions.infix(literal, symbol, property);
        }
    }

    /** {@code p = literal} or {@code literal = p}: an absent p is unknown on the left, false on the right. */
    static final class PropertyEqualsLiteral extends PropertyAndLiteral {

        PropertyEqualsLiteral(Property property, Literal literal, boolean propertyOnLeft) {
            super(property, "=", literal, propertyOnLeft);
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            long location = property.locate(buffer, from, to);
            if (location == PropertyBytes.ABSENT) {
                return propertyOnLeft ? Truth.UNKNOWN : Truth.FALSE;
            }
            if (literal.utf8 != null) {
                return Truth.of(PropertyBytes.equalsBytes(buffer, location, literal.utf8));
            }
            if (literal.value instanceof Boolean b) {
                return propertyOnLeft ? Truth.of(PropertyBytes.isTrue(buffer, location) == b) : Truth.ERROR;
            }
            int compared = compareWithNumber(buffer, location, literal.value);
            return compared == Sql92Values.ABORT ? Truth.ERROR : Truth.of(compared == 0);
        }
    }

    /** {@code p < 5}, {@code 5 < p} and the like; an absent p is unknown. */
    static final class PropertyOrderLiteral extends PropertyAndLiteral {
        private final Operator op;

        PropertyOrderLiteral(Operator op, Property property, Literal literal, boolean propertyOnLeft) {
            super(property, op.symbol(), literal, propertyOnLeft);
            this.op = op;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            long location = property.locate(buffer, from, to);
            if (location == PropertyBytes.ABSENT) {
                return Truth.UNKNOWN;
            }
            int compared = compareWithNumber(buffer, location, literal.value);
            if (compared == Sql92Values.ABORT) {
                return Truth.ERROR;
            }
            return Truth.of(op.holds(propertyOnLeft ? compared : -compared));
        }
    }

    static final class PropertyEqualsProperty extends Conditions.Binary<Property, Property> {

        PropertyEqualsProperty(Property left, Property right) {
            super(left, "=", right);
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            long l = left.locate(buffer, from, to);
            long r = right.locate(buffer, from, to);
            if (l == PropertyBytes.ABSENT || r == PropertyBytes.ABSENT) {
                return Sql92Values.equal(l == PropertyBytes.ABSENT ? null : "", r == PropertyBytes.ABSENT ? null : "");
            }
            int length = PropertyBytes.end(l) - PropertyBytes.start(l);
            if (PropertyBytes.end(r) - PropertyBytes.start(r) != length) {
                return Truth.FALSE;
            }
            int ls = PropertyBytes.start(l);
            int rs = PropertyBytes.start(r);
            for (int i = 0; i < length; i++) {
                if (buffer.get(ls + i) != buffer.get(rs + i)) {
                    return Truth.FALSE;
                }
            }
            return Truth.TRUE;
        }
    }

    /** Two properties: both must read as doubles. */
    static final class PropertyOrderProperty extends Conditions.Ordering<Property, Property> {

        PropertyOrderProperty(Operator op, Property left, Property right) {
            super(op, left, right);
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            long l = left.locate(buffer, from, to);
            if (l == PropertyBytes.ABSENT) {
                return Truth.UNKNOWN;
            }
            long r = right.locate(buffer, from, to);
            if (r == PropertyBytes.ABSENT) {
                return Truth.UNKNOWN;
            }
            try {
                return Truth.of(op.holds(Double.compare(parseDouble(buffer, l), parseDouble(buffer, r))));
            } catch (NumberFormatException notANumber) {
                return Truth.ERROR;
            }
        }
    }

    /**
     * Signum of the property's value compared with a numeric literal, the value read as the literal's
     * type (Integer, Long or Double, as RocketMQ converts), or {@link Sql92Values#ABORT}.
     */
    static int compareWithNumber(ByteBuffer buffer, long location, Object number) {
        if (number instanceof Double d) {
            try {
                return Integer.signum(Double.compare(parseDouble(buffer, location), d));
            } catch (NumberFormatException notANumber) {
                return Sql92Values.ABORT;
            }
        }
        boolean intRange = number instanceof Integer;
        long literal = ((Number) number).longValue();
        switch (PropertyBytes.integerSyntax(buffer, location)) {
            case PropertyBytes.FAST -> {
                long value = PropertyBytes.parseSmallInteger(buffer, location);
                if (intRange && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
                    return Sql92Values.ABORT;
                }
                return Long.compare(value, literal);
            }
            case PropertyBytes.INVALID -> {
                return Sql92Values.ABORT;
            }
            default -> {
                try {
                    String text = PropertyBytes.decode(buffer, location);
                    long value = intRange ? Integer.parseInt(text) : Long.parseLong(text);
                    return Long.compare(value, literal);
                } catch (NumberFormatException notANumber) {
                    return Sql92Values.ABORT;
                }
            }
        }
    }

    /** {@code Double.valueOf} of the value, in place when it is a plain decimal. */
    static double parseDouble(ByteBuffer buffer, long location) {
        if (PropertyBytes.doubleSyntax(buffer, location) == PropertyBytes.FAST) {
            return PropertyBytes.parseSimpleDouble(buffer, location);
        }
        return Double.parseDouble(PropertyBytes.decode(buffer, location));
    }
}

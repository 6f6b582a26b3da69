package io.hexmq.domain.filter;

import io.hexmq.domain.filter.Expr.Condition;
import io.hexmq.domain.filter.Expr.Property;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The tests of one property's bytes in place: its boolean cast, IN, IS NULL and the string matches.
 */
final class PropertyPredicates {

    private PropertyPredicates() {
    }

    /** A property in a boolean position: a String is never true, so present is false and absent unknown. */
    static final class BooleanCast extends Conditions.Unary<Property> {

        BooleanCast(Property property) {
            super(property);
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            return operand.locate(buffer, from, to) == PropertyBytes.ABSENT ? Truth.UNKNOWN : Truth.FALSE;
        }

        @Override
        String text() {
            return operand.text();
        }
    }

    /** An absent property is unknown, for IN and NOT IN alike. */
    static final class In extends Condition {
        private final Property property;
        private final List<String> values;
        private final byte[][] utf8;
        private final boolean negated;

        In(Property property, List<String> values, boolean negated) {
            this.property = property;
            this.values = List.copyOf(values);
            this.utf8 = new byte[values.size()][];
            for (int i = 0; i < utf8.length; i++) {
                utf8[i] = values.get(i).getBytes(StandardCharsets.UTF_8);
            }
            this.negated = negated;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            long location = property.locate(buffer, from, to);
            if (location == PropertyBytes.ABSENT) {
                return Truth.UNKNOWN;
            }
            boolean found = false;
            for (byte[] value : utf8) {
                if (PropertyBytes.equalsBytes(buffer, location, value)) {
                    found = true;
                    break;
                }
            }
            return Truth.of(found != negated);
        }

        @Override
        String text() {
            StringBuilder text = new StringBuilder("(").append(property.text()).append(negated ? " NOT IN (" : " IN (");
            for (int i = 0; i < values.size(); i++) {
                text.append(i == 0 ? "" : ", ").append(Sql92Values.format(values.get(i)));
            }
            return text.append("))").toString();
        }
    }

    static final class PropertyIsNull extends Conditions.Unary<Property> {

        PropertyIsNull(Property property) {
            super(property);
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            return Truth.of(operand.locate(buffer, from, to) == PropertyBytes.ABSENT);
        }

        @Override
        String text() {
            return "(" + operand.text() + " IS NULL)";
        }
    }

    /** CONTAINS, STARTSWITH, ENDSWITH (RocketMQ 5): false, never unknown, for an absent property. */
    static final class StringMatch extends Conditions.Match<Property> {
        private final byte[] utf8;

        StringMatch(StringOperator kind, Property property, String search, boolean negated) {
            super(kind, property, search, negated);
            this.utf8 = search.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            long location = operand.locate(buffer, from, to);
            if (location == PropertyBytes.ABSENT) {
                return Truth.FALSE;
            }
            boolean found = switch (kind) {
                case CONTAINS -> PropertyBytes.contains(buffer, location, utf8);
                case STARTSWITH -> PropertyBytes.startsWith(buffer, location, utf8);
                case ENDSWITH -> PropertyBytes.endsWith(buffer, location, utf8);
            };
            return Truth.of(found != negated);
        }
    }
}

package io.hexmq.domain.filter;

import io.hexmq.domain.filter.Expr.Condition;
import io.hexmq.domain.filter.Expr.Literal;
import io.hexmq.domain.filter.Expr.Property;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Builds the condition nodes the parser asks for, choosing a byte-level node for the shapes that occur
 * in practice (a property against a literal, a property against a property, IN, IS NULL, the string
 * matches) and a boxed node for the rest; comparisons of literals alone are folded into constants.
 * Every node follows RocketMQ's rules: see {@link Sql92Values} and {@link Truth}.
 */
final class Conditions {

    private Conditions() {
    }

    static Condition constant(int truth) {
        return new Constant(truth);
    }

    static Condition and(Condition left, Condition right) {
        return new ShortCircuit(left, right, Truth.FALSE, "AND");
    }

    static Condition or(Condition left, Condition right) {
        return new ShortCircuit(left, right, Truth.TRUE, "OR");
    }

    static Condition not(Condition operand) {
        return new Not(operand);
    }

    /** A property in a boolean position: RocketMQ's cast is true only for Boolean values, never Strings. */
    static Condition booleanCast(Property property) {
        return new BooleanCast(property);
    }

    static Condition equal(Expr left, Expr right) {
        if (left instanceof Literal l && right instanceof Literal r) {
            return new Constant(Sql92Values.equal(l.value, r.value));
        }
        if (left instanceof Property p && right instanceof Literal r && r.value != null) {
            return new PropertyEqualsLiteral(p, r, true);
        }
        if (left instanceof Literal l && l.value != null && right instanceof Property p) {
            return new PropertyEqualsLiteral(p, l, false);
        }
        if (left instanceof Property l && right instanceof Property r) {
            return new PropertyEqualsProperty(l, r);
        }
        return new BoxedEqual(left, right);
    }

    static Condition order(Operator op, Expr left, Expr right) {
        if (left instanceof Literal l && right instanceof Literal r) {
            return new Constant(Sql92Values.order(op, l.value, r.value));
        }
        if (left instanceof Property p && right instanceof Literal r && r.isNumber()) {
            return new PropertyOrderLiteral(op, p, r, true);
        }
        if (left instanceof Literal l && l.isNumber() && right instanceof Property p) {
            return new PropertyOrderLiteral(op, p, l, false);
        }
        if (left instanceof Property l && right instanceof Property r) {
            return new PropertyOrderProperty(op, l, r);
        }
        return new BoxedOrder(op, left, right);
    }

    static Condition in(Property property, List<String> values, boolean negated) {
        return new In(property, values, negated);
    }

    static Condition isNull(Expr operand) {
        if (operand instanceof Literal l) {
            return new Constant(Truth.of(l.value == null));
        }
        if (operand instanceof Property p) {
            return new PropertyIsNull(p);
        }
        return new ConditionIsNull((Condition) operand);
    }

    static Condition match(StringMatch.Kind kind, Expr operand, String search, boolean negated) {
        if (search.isEmpty()) {
            return new Constant(Truth.FALSE);
        }
        if (operand instanceof Literal l) {
            if (!(l.value instanceof String s)) {
                return new Constant(Truth.FALSE);
            }
            return new Constant(Truth.of(kind.test(s, search) != negated));
        }
        if (operand instanceof Property p) {
            return new StringMatch(kind, p, search, negated);
        }
        return new ConditionMatch(kind, (Condition) operand, search, negated);
    }

    // ---- logic

    static final class Constant extends Condition {
        private final int truth;

        Constant(int truth) {
            this.truth = truth;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            return truth;
        }

        @Override
        String text() {
            return Truth.name(truth);
        }
    }

    static final class Not extends Condition {
        private final Condition operand;

        Not(Condition operand) {
            this.operand = operand;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            return Truth.not(operand.test(buffer, from, to));
        }

        @Override
        String text() {
            return "(NOT " + operand.text() + ")";
        }
    }

    /**
     * AND and OR, the same logic with true and false in swapped roles: AND stops at the first false,
     * OR at the first true, and that value is the whole's. An abort on either side aborts the whole;
     * otherwise an unknown side makes it unknown, and two undecided sides give the other value.
     */
    static final class ShortCircuit extends Condition {
        private final Condition left;
        private final Condition right;
        private final int deciding;
        private final int undecided;
        private final String keyword;

        ShortCircuit(Condition left, Condition right, int deciding, String keyword) {
            this.left = left;
            this.right = right;
            this.deciding = deciding;
            this.undecided = Truth.not(deciding);
            this.keyword = keyword;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            int l = left.test(buffer, from, to);
            if (l == deciding || l == Truth.ERROR) {
                return l;
            }
            int r = right.test(buffer, from, to);
            if (r == deciding || r == Truth.ERROR) {
                return r;
            }
            return l == Truth.UNKNOWN || r == Truth.UNKNOWN ? Truth.UNKNOWN : undecided;
        }

        @Override
        String text() {
            return infix(left, keyword, right);
        }
    }

    static final class BooleanCast extends Condition {
        private final Property property;

        BooleanCast(Property property) {
            this.property = property;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            return property.locate(buffer, from, to) == PropertyBytes.ABSENT ? Truth.UNKNOWN : Truth.FALSE;
        }

        @Override
        String text() {
            return property.text();
        }
    }

    // ---- comparisons on bytes

    /** {@code p = literal} or {@code literal = p}: an absent p is unknown on the left, false on the right. */
    static final class PropertyEqualsLiteral extends Condition {
        private final Property property;
        private final Literal literal;
        private final boolean propertyOnLeft;

        PropertyEqualsLiteral(Property property, Literal literal, boolean propertyOnLeft) {
            this.property = property;
            this.literal = literal;
            this.propertyOnLeft = propertyOnLeft;
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

        @Override
        String text() {
            return propertyOnLeft ? infix(property, "=", literal) : infix(literal, "=", property);
        }
    }

    static final class PropertyEqualsProperty extends Condition {
        private final Property left;
        private final Property right;

        PropertyEqualsProperty(Property left, Property right) {
            this.left = left;
            this.right = right;
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

        @Override
        String text() {
            return infix(left, "=", right);
        }
    }

    /** {@code p < 5}, {@code 5 < p} and the like; an absent p is unknown. */
    static final class PropertyOrderLiteral extends Condition {
        private final Operator op;
        private final Property property;
        private final Literal literal;
        private final boolean propertyOnLeft;

        PropertyOrderLiteral(Operator op, Property property, Literal literal, boolean propertyOnLeft) {
            this.op = op;
            this.property = property;
            this.literal = literal;
            this.propertyOnLeft = propertyOnLeft;
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

        @Override
        String text() {
            return propertyOnLeft ? infix(property, op.symbol(), literal) : infix(literal, op.symbol(), property);
        }
    }

    /** Two properties: both must read as doubles. */
    static final class PropertyOrderProperty extends Condition {
        private final Operator op;
        private final Property left;
        private final Property right;

        PropertyOrderProperty(Operator op, Property left, Property right) {
            this.op = op;
            this.left = left;
            this.right = right;
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

        @Override
        String text() {
            return infix(left, op.symbol(), right);
        }
    }

    // ---- comparisons on boxed values (rare shapes: boolean expressions or null literals as operands)

    static final class BoxedEqual extends Condition {
        private final Expr left;
        private final Expr right;

        BoxedEqual(Expr left, Expr right) {
            this.left = left;
            this.right = right;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            Object lv = left.value(buffer, from, to);
            if (lv == ABORTED) {
                return Truth.ERROR;
            }
            Object rv = right.value(buffer, from, to);
            if (rv == ABORTED) {
                return Truth.ERROR;
            }
            return Sql92Values.equal(lv, rv);
        }

        @Override
        String text() {
            return infix(left, "=", right);
        }
    }

    static final class BoxedOrder extends Condition {
        private final Operator op;
        private final Expr left;
        private final Expr right;

        BoxedOrder(Operator op, Expr left, Expr right) {
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            Object lv = left.value(buffer, from, to);
            if (lv == ABORTED) {
                return Truth.ERROR;
            }
            if (lv == null) {
                return Truth.UNKNOWN;
            }
            Object rv = right.value(buffer, from, to);
            if (rv == ABORTED) {
                return Truth.ERROR;
            }
            return Sql92Values.order(op, lv, rv);
        }

        @Override
        String text() {
            return infix(left, op.symbol(), right);
        }
    }

    // ---- IN, IS NULL, string matches

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
                utf8[i] = values.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
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

    static final class PropertyIsNull extends Condition {
        private final Property property;

        PropertyIsNull(Property property) {
            this.property = property;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            return Truth.of(property.locate(buffer, from, to) == PropertyBytes.ABSENT);
        }

        @Override
        String text() {
            return "(" + property.text() + " IS NULL)";
        }
    }

    /** A boolean expression IS NULL when it is unknown. */
    static final class ConditionIsNull extends Condition {
        private final Condition operand;

        ConditionIsNull(Condition operand) {
            this.operand = operand;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            int truth = operand.test(buffer, from, to);
            return truth == Truth.ERROR ? Truth.ERROR : Truth.of(truth == Truth.UNKNOWN);
        }

        @Override
        String text() {
            return "(" + operand.text() + " IS NULL)";
        }
    }

    /** CONTAINS, STARTSWITH, ENDSWITH (RocketMQ 5): false, never unknown, for an absent property. */
    static final class StringMatch extends Condition {

        enum Kind {
            CONTAINS, STARTSWITH, ENDSWITH;

            boolean test(String value, String search) {
                return switch (this) {
                    case CONTAINS -> value.contains(search);
                    case STARTSWITH -> value.startsWith(search);
                    case ENDSWITH -> value.endsWith(search);
                };
            }

            String text(Expr operand, String search, boolean negated) {
                return "(" + operand.text() + (negated ? " NOT " : " ") + this + " " + Sql92Values.format(search) + ")";
            }
        }

        private final Kind kind;
        private final Property property;
        private final String search;
        private final byte[] utf8;
        private final boolean negated;

        StringMatch(Kind kind, Property property, String search, boolean negated) {
            this.kind = kind;
            this.property = property;
            this.search = search;
            this.utf8 = search.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            this.negated = negated;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            long location = property.locate(buffer, from, to);
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

        @Override
        String text() {
            return kind.text(property, search, negated);
        }
    }

    /** A string match on a boolean expression: false (not a String) unless the expression aborts. */
    static final class ConditionMatch extends Condition {
        private final StringMatch.Kind kind;
        private final Condition operand;
        private final String search;
        private final boolean negated;

        ConditionMatch(StringMatch.Kind kind, Condition operand, String search, boolean negated) {
            this.kind = kind;
            this.operand = operand;
            this.search = search;
            this.negated = negated;
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            return operand.test(buffer, from, to) == Truth.ERROR ? Truth.ERROR : Truth.FALSE;
        }

        @Override
        String text() {
            return kind.text(operand, search, negated);
        }
    }

    /** How a node with two operands reads back: {@code (left symbol right)}. */
    static String infix(Expr left, String symbol, Expr right) {
        return "(" + left.text() + " " + symbol + " " + right.text() + ")";
    }

    // ---- number reading shared by the byte-level comparisons

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

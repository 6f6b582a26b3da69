package io.hexmq.domain.filter;

import io.hexmq.domain.filter.BoxedConditions.BoxedEqual;
import io.hexmq.domain.filter.BoxedConditions.BoxedOrder;
import io.hexmq.domain.filter.Expr.Condition;
import io.hexmq.domain.filter.Expr.Literal;
import io.hexmq.domain.filter.Expr.Property;
import io.hexmq.domain.filter.LogicConditions.Constant;
import io.hexmq.domain.filter.LogicConditions.ConditionIsNull;
import io.hexmq.domain.filter.LogicConditions.ConditionMatch;
import io.hexmq.domain.filter.LogicConditions.Not;
import io.hexmq.domain.filter.LogicConditions.ShortCircuit;
import io.hexmq.domain.filter.PropertyComparisons.PropertyEqualsLiteral;
import io.hexmq.domain.filter.PropertyComparisons.PropertyEqualsProperty;
import io.hexmq.domain.filter.PropertyComparisons.PropertyOrderLiteral;
import io.hexmq.domain.filter.PropertyComparisons.PropertyOrderProperty;
import io.hexmq.domain.filter.PropertyPredicates.BooleanCast;
import io.hexmq.domain.filter.PropertyPredicates.In;
import io.hexmq.domain.filter.PropertyPredicates.PropertyIsNull;
import io.hexmq.domain.filter.PropertyPredicates.StringMatch;
import java.util.List;

/**
 * Builds the condition nodes the parser asks for, choosing a byte-level node for the shapes that occur
 * in practice (a property against a literal, a property against a property, IN, IS NULL, the string
 * matches: {@link PropertyComparisons}, {@link PropertyPredicates}) and a boxed node for the rest
 * ({@link BoxedConditions}); comparisons of literals alone are folded into constants. Every node follows
 * RocketMQ's rules: see {@link Sql92Values} and {@link Truth}.
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

    static Condition match(StringOperator kind, Expr operand, String search, boolean negated) {
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

    /** How a node with two operands reads back: {@code (left symbol right)}. */
    static String infix(Expr left, String symbol, Expr right) {
        return "(" + left.text() + " " + symbol + " " + right.text() + ")";
    }

    // The node shapes below share operands and read-back text only: each node's test is its own, on the
    // operands' own types, so evaluating a node costs no extra call.

    /** A node with one operand. */
    abstract static class Unary<T extends Expr> extends Condition {
        final T operand;

        Unary(T operand) {
            this.operand = operand;
        }
    }

    /** A node with two operands that reads back as {@code (left symbol right)}. */
    abstract static class Binary<L extends Expr, R extends Expr> extends Condition {
        final L left;
        final R right;
        private final String symbol;

        Binary(L left, String symbol, R right) {
            this.left = left;
            this.symbol = symbol;
            this.right = right;
        }

        @Override
        final String text() {
            return infix(left, symbol, right);
        }
    }

    /** An ordering ({@code <}, {@code <=}, {@code >}, {@code >=}) of two operands. */
    abstract static class Ordering<L extends Expr, R extends Expr> extends Binary<L, R> {
        final Operator op;

        Ordering(Operator op, L left, R right) {
            super(left, op.symbol(), right);
            this.op = op;
        }
    }

    /** A string match ({@link StringOperator}) of an operand against a search string. */
    abstract static class Match<T extends Expr> extends Unary<T> {
        final StringOperator kind;
        final String search;
        final boolean negated;

        Match(StringOperator kind, T operand, String search, boolean negated) {
            super(operand);
            this.kind = kind;
            this.search = search;
            this.negated = negated;
        }

        @Override
        final String text() {
            return kind.text(operand, search, negated);
        }
    }
}

package io.hexmq.domain.filter;

import io.hexmq.domain.filter.Expr.Condition;
import java.nio.ByteBuffer;

/**
 * The condition nodes over other conditions: constants, NOT, AND and OR, and IS NULL and the string
 * matches applied to a boolean expression. They read no bytes themselves.
 */
final class LogicConditions {

    private LogicConditions() {
    }

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

    static final class Not extends Conditions.Unary<Condition> {

        Not(Condition operand) {
            super(operand);
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
    static final class ShortCircuit extends Conditions.Binary<Condition, Condition> {
        private final int deciding;
        private final int undecided;

        ShortCircuit(Condition left, Condition right, int deciding, String keyword) {
            super(left, keyword, right);
            this.deciding = deciding;
            this.undecided = Truth.not(deciding);
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
    }

    /** A boolean expression IS NULL when it is unknown. */
    static final class ConditionIsNull extends Conditions.Unary<Condition> {

        ConditionIsNull(Condition operand) {
            super(operand);
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

    /** A string match on a boolean expression: false (not a String) unless the expression aborts. */
    static final class ConditionMatch extends Conditions.Match<Condition> {

        ConditionMatch(StringOperator kind, Condition operand, String search, boolean negated) {
            super(kind, operand, search, negated);
        }

        @Override
        int test(ByteBuffer buffer, int from, int to) {
            return operand.test(buffer, from, to) == Truth.ERROR ? Truth.ERROR : Truth.FALSE;
        }
    }
}

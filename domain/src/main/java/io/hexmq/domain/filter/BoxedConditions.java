package io.hexmq.domain.filter;

import io.hexmq.domain.filter.Expr.Condition;
import java.nio.ByteBuffer;

/**
 * Comparisons on boxed values, for the rare shapes the byte-level nodes do not cover: boolean
 * expressions or null literals as operands. They allocate (the operands' boxed values).
 */
final class BoxedConditions {

    private BoxedConditions() {
    }

    static final class BoxedEqual extends Conditions.Binary<Expr, Expr> {

        BoxedEqual(Expr left, Expr right) {
            super(left, "=", right);
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
    }

    static final class BoxedOrder extends Conditions.Ordering<Expr, Expr> {

        BoxedOrder(Operator op, Expr left, Expr right) {
            super(op, left, right);
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
    }
}

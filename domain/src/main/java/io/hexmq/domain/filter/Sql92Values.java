package io.hexmq.domain.filter;

/**
 * RocketMQ's comparison rules on boxed values (read from its filter module's
 * {@code ComparisonExpression}; expressions are always compiled with string conversion on). Values are
 * {@code null}, String (every property), Integer (a whole literal that fits an int), Long, Double or
 * Boolean. Used for folding literals at compile time and for the rare comparisons the byte-level fast
 * paths do not cover; the fast paths follow the same rules.
 *
 * <ul>
 *   <li>Mixed numbers widen: Integer → Long → Double.</li>
 *   <li>A String against a number is parsed as that number's type ({@code Integer.valueOf} etc.); a
 *       String that does not parse aborts the evaluation ({@link Truth#ERROR}).</li>
 *   <li>A String against a Boolean is {@code Boolean.valueOf(string)}; a Boolean on the left of a String
 *       aborts (RocketMQ fails on a cast there).</li>
 *   <li>Any other mix compares as "less" (RocketMQ answers -1): {@code =} is false.</li>
 *   <li>{@code <, <=, >, >=} between two Strings parse both as doubles, else abort.</li>
 * </ul>
 */
final class Sql92Values {

    /** {@link #compare} result when the comparison aborts. */
    static final int ABORT = Integer.MIN_VALUE;

    private Sql92Values() {
    }

    /** Signum of lv compared with rv after RocketMQ's conversions, or {@link #ABORT}. Neither is null. */
    static int compare(Object lv, Object rv) {
        try {
            int compared = compareConverted(lv, rv);
            return compared == ABORT ? ABORT : Integer.signum(compared);
        } catch (NumberFormatException notANumber) {
            return ABORT;
        }
    }

    private static int compareConverted(Object lv, Object rv) {
        if (lv.getClass() == rv.getClass()) {
            return compareSameType(lv, rv);
        }
        if (lv instanceof Number l && rv instanceof Number r) {
            return l instanceof Double || r instanceof Double ? Double.compare(l.doubleValue(), r.doubleValue())
                    : Long.compare(l.longValue(), r.longValue());
        }
        if (lv instanceof Number l && rv instanceof String r) {
            return compareWithText(l, r);
        }
        if (lv instanceof String l && rv instanceof Number r) {
            return -compareWithText(r, l); // the same reading, seen from the String's side
        }
        if (lv instanceof String l && rv instanceof Boolean r) {
            return Boolean.compare(Boolean.parseBoolean(l), r);
        }
        if (lv instanceof Boolean && rv instanceof String) {
            return ABORT; // RocketMQ casts the Boolean to String here and fails
        }
        return -1;
    }

    /**
     * A number against a String read as that number's type: -1, 0 or 1, so that the caller may negate it.
     * A String that does not read throws NumberFormatException, which {@link #compare} turns into an abort.
     */
    private static int compareWithText(Number number, String text) {
        if (number instanceof Integer n) {
            return Integer.compare(n, Integer.parseInt(text));
        }
        if (number instanceof Long n) {
            return Long.compare(n, Long.parseLong(text));
        }
        return Double.compare(number.doubleValue(), Double.parseDouble(text));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareSameType(Object lv, Object rv) {
        return ((Comparable) lv).compareTo(rv);
    }

    /** {@code lv = rv}; either may be null (IS NULL compares with null). */
    static int equal(Object lv, Object rv) {
        if (lv == null && rv == null) {
            return Truth.TRUE;
        }
        if (lv == null) {
            return Truth.UNKNOWN;
        }
        if (rv == null) {
            return Truth.FALSE;
        }
        if (lv.equals(rv)) {
            return Truth.TRUE;
        }
        int compared = compare(lv, rv);
        return compared == ABORT ? Truth.ERROR : Truth.of(compared == 0);
    }

    /** {@code lv <op> rv} for an ordering operator; a null on either side is unknown. */
    static int order(Operator op, Object lv, Object rv) {
        if (lv == null || rv == null) {
            return Truth.UNKNOWN;
        }
        int compared;
        if (lv instanceof String l && rv instanceof String r) {
            try {
                compared = Double.compare(Double.parseDouble(l), Double.parseDouble(r));
            } catch (NumberFormatException e) {
                return Truth.ERROR;
            }
        } else {
            compared = compare(lv, rv);
            if (compared == ABORT) {
                return Truth.ERROR;
            }
        }
        return Truth.of(op.holds(compared));
    }

    /** How a literal value reads in an expression (strings quoted, quotes doubled). */
    static String format(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (value instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        return value.toString();
    }
}

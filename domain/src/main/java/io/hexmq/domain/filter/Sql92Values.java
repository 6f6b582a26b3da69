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
        if (lv instanceof Boolean) {
            if (rv instanceof String) {
                return ABORT; // RocketMQ casts the Boolean to String here and fails
            }
            return -1;
        }
        if (lv instanceof Integer l) {
            if (rv instanceof Long r) {
                return Long.compare(l, r);
            } else if (rv instanceof Double r) {
                return Double.compare(l, r);
            } else if (rv instanceof String r) {
                return Integer.compare(l, Integer.parseInt(r));
            }
            return -1;
        }
        if (lv instanceof Long l) {
            if (rv instanceof Integer r) {
                return Long.compare(l, r);
            } else if (rv instanceof Double r) {
                return Double.compare(l, r);
            } else if (rv instanceof String r) {
                return Long.compare(l, Long.parseLong(r));
            }
            return -1;
        }
        if (lv instanceof Double l) {
            if (rv instanceof Integer r) {
                return Double.compare(l, r);
            } else if (rv instanceof Long r) {
                return Double.compare(l, r);
            } else if (rv instanceof String r) {
                return Double.compare(l, Double.parseDouble(r));
            }
            return -1;
        }
        if (lv instanceof String l) {
            if (rv instanceof Boolean r) {
                return Boolean.compare(Boolean.parseBoolean(l), r);
            } else if (rv instanceof Integer r) {
                return Integer.compare(Integer.parseInt(l), r);
            } else if (rv instanceof Long r) {
                return Long.compare(Long.parseLong(l), r);
            } else if (rv instanceof Double r) {
                return Double.compare(Double.parseDouble(l), r);
            }
        }
        return -1;
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

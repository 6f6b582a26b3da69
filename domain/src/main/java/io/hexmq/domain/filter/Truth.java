package io.hexmq.domain.filter;

/**
 * The four outcomes of evaluating a condition. SQL's three values (true, false, unknown when a property
 * is missing), plus {@link #ERROR}: RocketMQ aborts the whole evaluation when a value cannot be
 * converted (e.g. {@code a > 5} with {@code a = "abc"}) and the message then does not match, whatever
 * the rest of the expression says. Carrying the abort as a value keeps exceptions off the per-message path.
 */
final class Truth {

    static final int FALSE = 0;
    static final int TRUE = 1;
    static final int UNKNOWN = 2;
    static final int ERROR = 3;

    private Truth() {
    }

    static int of(boolean value) {
        return value ? TRUE : FALSE;
    }

    static int not(int value) {
        return switch (value) {
            case TRUE -> FALSE;
            case FALSE -> TRUE;
            default -> value;
        };
    }

    static String name(int value) {
        return switch (value) {
            case TRUE -> "TRUE";
            case FALSE -> "FALSE";
            case UNKNOWN -> "UNKNOWN";
            default -> "ERROR";
        };
    }
}

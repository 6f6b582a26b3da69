package io.hexmq.domain.filter;

/** The ordering operators, applied to the signum of a comparison. */
enum Operator {
    LESS("<"),
    LESS_OR_EQUAL("<="),
    GREATER(">"),
    GREATER_OR_EQUAL(">=");

    private final String symbol;

    Operator(String symbol) {
        this.symbol = symbol;
    }

    boolean holds(int signum) {
        return switch (this) {
            case LESS -> signum < 0;
            case LESS_OR_EQUAL -> signum <= 0;
            case GREATER -> signum > 0;
            case GREATER_OR_EQUAL -> signum >= 0;
        };
    }

    String symbol() {
        return symbol;
    }
}

package io.hexmq.domain.filter;

/** The string matches of RocketMQ 5's SQL92: CONTAINS, STARTSWITH, ENDSWITH. */
enum StringOperator {
    CONTAINS,
    STARTSWITH,
    ENDSWITH;

    /** The match on decoded Strings, for literals folded at parse time. */
    boolean test(String value, String search) {
        return switch (this) {
            case CONTAINS -> value.contains(search);
            case STARTSWITH -> value.startsWith(search);
            case ENDSWITH -> value.endsWith(search);
        };
    }

    /** How a match node reads back: {@code (operand [NOT] KIND 'search')}. */
    String text(Expr operand, String search, boolean negated) {
        return "(" + operand.text() + (negated ? " NOT " : " ") + this + " " + Sql92Values.format(search) + ")";
    }
}

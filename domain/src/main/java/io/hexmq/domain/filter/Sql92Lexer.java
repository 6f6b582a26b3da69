package io.hexmq.domain.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits an expression into tokens by RocketMQ's selector grammar: keywords and identifiers ignore case
 * for the keywords only ({@code [A-Za-z_$][A-Za-z0-9_$]*}); string literals in single quotes with
 * {@code ''} for a quote; whole numbers {@code 0} or {@code [1-9][0-9]*} with an optional {@code L},
 * Integer when they fit an int, else Long; decimals {@code 1.5}, {@code 1.}, {@code .5}, {@code 1e3};
 * {@code -- line} and {@code /* block *\/} comments.
 */
final class Sql92Lexer {

    enum Kind {
        IDENTIFIER, STRING, NUMBER,
        NOT, AND, OR, BETWEEN, IN, TRUE, FALSE, NULL, IS, CONTAINS, STARTSWITH, ENDSWITH,
        EQUAL("="), NOT_EQUAL("<>"), LESS("<"), LESS_OR_EQUAL("<="), GREATER(">"), GREATER_OR_EQUAL(">="),
        OPEN("("), CLOSE(")"), COMMA(","), PLUS("+"), MINUS("-"),
        END;

        private final String symbol;

        Kind() {
            this.symbol = null;
        }

        Kind(String symbol) {
            this.symbol = symbol;
        }

        boolean isKeyword() {
            return ordinal() >= NOT.ordinal() && ordinal() <= ENDSWITH.ordinal();
        }

        String describe() {
            return symbol != null ? "'" + symbol + "'" : isKeyword() ? name() : name().toLowerCase(Locale.ROOT);
        }
    }

    /** @param value the literal's value (String, Integer, Long, Double) or the identifier's name */
    record Token(Kind kind, int start, String text, Object value) {

        String describe() {
            return switch (kind) {
                case END -> "end of expression";
                case IDENTIFIER -> "identifier '" + text + "'";
                case STRING -> "string " + text;
                case NUMBER -> "number " + text;
                default -> kind.describe();
            };
        }
    }

    private final String expression;
    private int at;

    private Sql92Lexer(String expression) {
        this.expression = expression;
    }

    static List<Token> tokens(String expression) {
        Sql92Lexer lexer = new Sql92Lexer(expression);
        List<Token> tokens = new ArrayList<>();
        Token token;
        do {
            token = lexer.next();
            tokens.add(token);
        } while (token.kind() != Kind.END);
        return tokens;
    }

    private Token next() {
        skipBlanksAndComments();
        int start = at;
        if (at >= expression.length()) {
            return new Token(Kind.END, start, "", null);
        }
        char c = expression.charAt(at);
        if (isIdentifierStart(c)) {
            return word(start);
        }
        if (isDigit(c) || (c == '.' && at + 1 < expression.length() && isDigit(expression.charAt(at + 1)))) {
            return number(start);
        }
        if (c == '\'') {
            return string(start);
        }
        at++;
        return switch (c) {
            case '=' -> symbol(Kind.EQUAL, start);
            case '<' -> {
                if (peek('>')) {
                    yield symbol(Kind.NOT_EQUAL, start);
                }
                yield peek('=') ? symbol(Kind.LESS_OR_EQUAL, start) : symbol(Kind.LESS, start);
            }
            case '>' -> peek('=') ? symbol(Kind.GREATER_OR_EQUAL, start) : symbol(Kind.GREATER, start);
            case '(' -> symbol(Kind.OPEN, start);
            case ')' -> symbol(Kind.CLOSE, start);
            case ',' -> symbol(Kind.COMMA, start);
            case '+' -> symbol(Kind.PLUS, start);
            case '-' -> symbol(Kind.MINUS, start);
            default -> throw error(start, "unexpected character '" + c + "'"
                    + (c == '"' ? " (string literals take single quotes)" : c == '!' ? " (write <> for 'not equal')" : ""));
        };
    }

    private boolean peek(char expected) {
        if (at < expression.length() && expression.charAt(at) == expected) {
            at++;
            return true;
        }
        return false;
    }

    private Token symbol(Kind kind, int start) {
        return new Token(kind, start, expression.substring(start, at), null);
    }

    private void skipBlanksAndComments() {
        while (at < expression.length()) {
            char c = expression.charAt(at);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                at++;
            } else if (expression.startsWith("--", at)) {
                while (at < expression.length() && expression.charAt(at) != '\n' && expression.charAt(at) != '\r') {
                    at++;
                }
            } else if (expression.startsWith("/*", at)) {
                int end = expression.indexOf("*/", at + 2);
                if (end < 0) {
                    throw error(at, "unterminated comment");
                }
                at = end + 2;
            } else {
                return;
            }
        }
    }

    private Token word(int start) {
        while (at < expression.length() && isIdentifierPart(expression.charAt(at))) {
            at++;
        }
        String text = expression.substring(start, at);
        for (Kind kind : Kind.values()) {
            if (kind.isKeyword() && kind.name().equalsIgnoreCase(text)) {
                return new Token(kind, start, text, null);
            }
        }
        return new Token(Kind.IDENTIFIER, start, text, text);
    }

    private Token string(int start) {
        StringBuilder value = new StringBuilder();
        at++;
        while (true) {
            if (at >= expression.length()) {
                throw error(start, "unterminated string literal");
            }
            char c = expression.charAt(at++);
            if (c == '\'') {
                if (at < expression.length() && expression.charAt(at) == '\'') {
                    at++;
                } else {
                    return new Token(Kind.STRING, start, expression.substring(start, at), value.toString());
                }
            }
            value.append(c);
        }
    }

    private Token number(int start) {
        int digitsEnd = skipDigits(at);
        boolean decimal = false;
        int end = digitsEnd;
        if (end < expression.length() && expression.charAt(end) == '.') {
            decimal = true;
            end = skipDigits(end + 1);
        }
        int exponentEnd = exponentEnd(end);
        if (exponentEnd > end) {
            decimal = true;
            end = exponentEnd;
        }
        if (decimal) {
            at = end;
            String text = expression.substring(start, end);
            double value = Double.parseDouble(text);
            if (Double.isInfinite(value)) {
                throw error(start, "number " + text + " is larger than a double");
            }
            return new Token(Kind.NUMBER, start, text, value);
        }
        // A whole number: "0" alone (no octal, no suffix) or [1-9][0-9]* with an optional L.
        if (expression.charAt(start) == '0') {
            at = start + 1;
            return new Token(Kind.NUMBER, start, "0", 0);
        }
        at = digitsEnd;
        String digits = expression.substring(start, digitsEnd);
        if (at < expression.length() && (expression.charAt(at) == 'l' || expression.charAt(at) == 'L')) {
            at++;
        }
        long value;
        try {
            value = Long.parseLong(digits);
        } catch (NumberFormatException tooLarge) {
            throw error(start, "number " + digits + " is larger than a long");
        }
        Object boxed = value <= Integer.MAX_VALUE ? (Object) (int) value : (Object) value;
        return new Token(Kind.NUMBER, start, expression.substring(start, at), boxed);
    }

    private int skipDigits(int from) {
        int i = from;
        while (i < expression.length() && isDigit(expression.charAt(i))) {
            i++;
        }
        return i;
    }

    /** End of an exponent {@code E[+-]?digits} starting at {@code from}, or {@code from} when there is none. */
    private int exponentEnd(int from) {
        if (from >= expression.length() || (expression.charAt(from) != 'e' && expression.charAt(from) != 'E')) {
            return from;
        }
        int i = from + 1;
        if (i < expression.length() && (expression.charAt(i) == '+' || expression.charAt(i) == '-')) {
            i++;
        }
        int digitsEnd = skipDigits(i);
        return digitsEnd > i ? digitsEnd : from;
    }

    private Sql92ParseException error(int index, String reason) {
        return new Sql92ParseException(expression, index, reason);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentifierStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || isDigit(c);
    }
}

package io.hexmq.domain.filter;

import io.hexmq.domain.filter.Expr.Condition;
import io.hexmq.domain.filter.Expr.Literal;
import io.hexmq.domain.filter.Expr.Property;
import io.hexmq.domain.filter.Sql92Lexer.Kind;
import io.hexmq.domain.filter.Sql92Lexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive descent over RocketMQ's selector grammar (its filter module's {@code SelectorParser.jj}),
 * lowest precedence first:
 * <pre>
 * selector   := or END
 * or         := and ( OR and )*
 * and        := equality ( AND equality )*
 * equality   := comparison ( '=' comparison | '&lt;&gt;' comparison | IS NULL | IS NOT NULL )*
 * comparison := unary ( ('&gt;' | '&gt;=' | '&lt;' | '&lt;=') unary
 *                     | [NOT] BETWEEN unary AND unary
 *                     | [NOT] IN '(' string ( ',' string )* ')'
 *                     | [NOT] (CONTAINS | STARTSWITH | ENDSWITH) string )*
 * unary      := '+' unary | '-' unary | NOT unary | primary
 * primary    := string | number | TRUE | FALSE | NULL | identifier | '(' or ')'
 * </pre>
 * As in RocketMQ, NOT is a unary operator and binds tighter than any comparison: {@code NOT a = 1}
 * reads {@code (NOT a) = 1}; write {@code NOT (a = 1)}. The checks RocketMQ makes while building the
 * expression are made here too, with the column of the offending token: only numbers may be ordered,
 * NULL is compared only by IS [NOT] NULL, IN applies to a property, BETWEEN's literal bounds must be
 * in order, and AND, OR, NOT and the whole expression need boolean operands (a bare property counts).
 */
final class Sql92Parser {

    private final String expression;
    private final List<Token> tokens;
    private int next;

    private Sql92Parser(String expression) {
        this.expression = expression;
        this.tokens = Sql92Lexer.tokens(expression);
    }

    static Condition parse(String expression) {
        if (expression == null || expression.isBlank()) {
            throw new Sql92ParseException(String.valueOf(expression), 0, "the expression is empty");
        }
        Sql92Parser parser = new Sql92Parser(expression);
        Token first = parser.peek();
        Expr result = parser.or();
        Token end = parser.peek();
        if (end.kind() != Kind.END) {
            throw parser.error(end, "unexpected " + end.describe() + " after a complete expression");
        }
        return parser.condition(result, first, "the expression");
    }

    private Expr or() {
        Token first = peek();
        Expr left = and();
        while (peek().kind() == Kind.OR) {
            take();
            Token rightStart = peek();
            Expr right = and();
            left = Conditions.or(condition(left, first, "OR's left side"), condition(right, rightStart, "OR's right side"));
        }
        return left;
    }

    private Expr and() {
        Token first = peek();
        Expr left = equality();
        while (peek().kind() == Kind.AND) {
            take();
            Token rightStart = peek();
            Expr right = equality();
            left = Conditions.and(condition(left, first, "AND's left side"), condition(right, rightStart, "AND's right side"));
        }
        return left;
    }

    private Expr equality() {
        Expr left = comparison();
        while (true) {
            Token operator = peek();
            switch (operator.kind()) {
                case EQUAL -> {
                    take();
                    left = equal(left, comparison(), operator);
                }
                case NOT_EQUAL -> {
                    take();
                    left = Conditions.not(equal(left, comparison(), operator));
                }
                case IS -> {
                    take();
                    boolean negated = accept(Kind.NOT);
                    expect(Kind.NULL, negated ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
                    Condition isNull = Conditions.isNull(left);
                    left = negated ? Conditions.not(isNull) : isNull;
                }
                default -> {
                    return left;
                }
            }
        }
    }

    private Expr comparison() {
        Expr left = unary();
        while (true) {
            Token operator = peek();
            Kind kind = operator.kind();
            boolean negated = false;
            if (kind == Kind.NOT && isNegatable(peekAfter().kind())) {
                take();
                negated = true;
                operator = peek();
                kind = operator.kind();
            }
            switch (kind) {
                case GREATER -> left = order(Operator.GREATER, left, operator);
                case GREATER_OR_EQUAL -> left = order(Operator.GREATER_OR_EQUAL, left, operator);
                case LESS -> left = order(Operator.LESS, left, operator);
                case LESS_OR_EQUAL -> left = order(Operator.LESS_OR_EQUAL, left, operator);
                case BETWEEN -> left = between(left, operator, negated);
                case IN -> left = in(left, operator, negated);
                case CONTAINS -> left = match(StringOperator.CONTAINS, left, negated);
                case STARTSWITH -> left = match(StringOperator.STARTSWITH, left, negated);
                case ENDSWITH -> left = match(StringOperator.ENDSWITH, left, negated);
                default -> {
                    return left;
                }
            }
        }
    }

    private static boolean isNegatable(Kind kind) {
        return kind == Kind.BETWEEN || kind == Kind.IN || kind == Kind.CONTAINS || kind == Kind.STARTSWITH
                || kind == Kind.ENDSWITH;
    }

    private Expr unary() {
        Token token = peek();
        switch (token.kind()) {
            case PLUS -> {
                take();
                return unary();
            }
            case MINUS -> {
                take();
                Expr operand = unary();
                // The minus of a number is that negative number; of anything else, always null (RocketMQ).
                return operand instanceof Literal literal ? literal.negated() : new Literal(null, false);
            }
            case NOT -> {
                take();
                Token operandStart = peek();
                return Conditions.not(condition(unary(), operandStart, "NOT's operand"));
            }
            default -> {
                return primary();
            }
        }
    }

    private Expr primary() {
        Token token = take();
        return switch (token.kind()) {
            case STRING, NUMBER -> new Literal(token.value(), true);
            case TRUE -> new Literal(Boolean.TRUE, true);
            case FALSE -> new Literal(Boolean.FALSE, true);
            case NULL -> new Literal(null, true);
            case IDENTIFIER -> new Property(token.text());
            case OPEN -> {
                Expr inner = or();
                expect(Kind.CLOSE, "')' to close the '(' at column " + (token.start() + 1));
                yield inner;
            }
            default -> throw error(token, "expected a value (a property, a literal or '('), found "
                    + token.describe());
        };
    }

    // ---- building, with RocketMQ's checks

    private Condition equal(Expr left, Expr right, Token operator) {
        checkEqualOperand(left, operator);
        checkEqualOperand(right, operator);
        if (left instanceof Literal l && l.written && right instanceof Literal r && r.written
                && l.value instanceof Boolean && !(r.value instanceof Boolean)) {
            throw error(operator, l.text() + " cannot be compared with " + r.text());
        }
        return Conditions.equal(left, right);
    }

    private void checkEqualOperand(Expr operand, Token operator) {
        if (operand instanceof Literal l && l.written && l.value == null) {
            throw error(operator, "NULL cannot be compared with " + operator.kind().describe()
                    + "; use IS NULL or IS NOT NULL");
        }
    }

    private Condition order(Operator op, Expr left, Token operator) {
        take();
        Expr right = unary();
        return checkedOrder(op, left, right, operator);
    }

    private Condition checkedOrder(Operator op, Expr left, Expr right, Token operator) {
        checkOrderOperand(left, operator);
        checkOrderOperand(right, operator);
        return Conditions.order(op, left, right);
    }

    private void checkOrderOperand(Expr operand, Token operator) {
        if (operand instanceof Literal l && l.written && !l.isNumber()) {
            throw error(operator, l.text() + " cannot be compared with " + operator.kind().describe()
                    + ": only numbers are ordered");
        }
        if (operand instanceof Condition) {
            throw error(operator, "the boolean expression " + operand.text() + " cannot be compared with "
                    + operator.kind().describe());
        }
    }

    private Condition between(Expr value, Token operator, boolean negated) {
        take();
        Expr low = unary();
        expect(Kind.AND, "AND between the bounds of BETWEEN");
        Expr high = unary();
        if (negated) {
            return Conditions.or(checkedOrder(Operator.LESS, value, low, operator),
                    checkedOrder(Operator.GREATER, value, high, operator));
        }
        if (low instanceof Literal l && l.written && high instanceof Literal h && h.written) {
            if (l.value == null || h.value == null) {
                throw error(operator, "the bounds of BETWEEN cannot be NULL");
            }
            int compared = Sql92Values.compare(h.value, l.value);
            if (compared < 0) {
                throw error(operator, "the lower bound of BETWEEN (" + l.text()
                        + ") must be less than or equal to the upper bound (" + h.text() + ")");
            }
        }
        return Conditions.and(checkedOrder(Operator.GREATER_OR_EQUAL, value, low, operator),
                checkedOrder(Operator.LESS_OR_EQUAL, value, high, operator));
    }

    private Condition in(Expr value, Token operator, boolean negated) {
        take();
        if (!(value instanceof Property property)) {
            throw error(operator, "IN applies to a property, not to " + value.text());
        }
        expect(Kind.OPEN, "'(' after IN");
        List<String> values = new ArrayList<>();
        do {
            values.add(string("a string literal in the IN list"));
        } while (accept(Kind.COMMA));
        expect(Kind.CLOSE, "',' or ')' in the IN list");
        return Conditions.in(property, values, negated);
    }

    private Condition match(StringOperator kind, Expr value, boolean negated) {
        take();
        return Conditions.match(kind, value, string("a string literal after " + kind), negated);
    }

    /** The boolean view of an operand of AND, OR, NOT or of the whole expression. */
    private Condition condition(Expr value, Token start, String role) {
        if (value instanceof Condition condition) {
            return condition;
        }
        if (value instanceof Property property) {
            return Conditions.booleanCast(property);
        }
        Literal literal = (Literal) value;
        if (literal.written && literal.isBooleanOrNull()) {
            return Conditions.constant(literal.value == null ? Truth.UNKNOWN
                    : Truth.of((Boolean) literal.value));
        }
        throw error(start, role + " must be a condition, but " + value.text() + " is not boolean");
    }

    // ---- tokens

    private Token peek() {
        return tokens.get(next);
    }

    private Token peekAfter() {
        return tokens.get(Math.min(next + 1, tokens.size() - 1));
    }

    private Token take() {
        Token token = tokens.get(next);
        if (token.kind() != Kind.END) {
            next++;
        }
        return token;
    }

    private boolean accept(Kind kind) {
        if (peek().kind() == kind) {
            take();
            return true;
        }
        return false;
    }

    private void expect(Kind kind, String what) {
        Token token = peek();
        if (token.kind() != kind) {
            throw error(token, "expected " + what + ", found " + token.describe());
        }
        take();
    }

    private String string(String what) {
        Token token = peek();
        if (token.kind() != Kind.STRING) {
            throw error(token, "expected " + what + ", found " + token.describe());
        }
        take();
        return (String) token.value();
    }

    private Sql92ParseException error(Token token, String reason) {
        return new Sql92ParseException(expression, token.start(), reason);
    }
}

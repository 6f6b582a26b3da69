package io.hexmq.domain.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Parsing: precedence, literals, comments, and RocketMQ's compile-time refusals with their columns. */
class Sql92ParserTest {

    private static String structure(String expression) {
        return Sql92Filter.compile(expression).structure();
    }

    @Test
    void andBindsTighterThanOr_andParenthesesOverride() {
        assertThat(structure("a = 1 OR b = 2 AND c = 3")).isEqualTo("((a = 1) OR ((b = 2) AND (c = 3)))");
        assertThat(structure("(a = 1 OR b = 2) AND c = 3")).isEqualTo("(((a = 1) OR (b = 2)) AND (c = 3))");
        assertThat(structure("a = 1 AND b = 2 AND c = 3")).isEqualTo("(((a = 1) AND (b = 2)) AND (c = 3))");
        assertThat(structure("a = 1 OR b = 2 OR c = 3")).isEqualTo("(((a = 1) OR (b = 2)) OR (c = 3))");
    }

    @Test
    void comparisonsBindTighterThanAnd_andNotTighterStill() {
        assertThat(structure("a > 1 AND b < 2")).isEqualTo("((a > 1) AND (b < 2))");
        assertThat(structure("NOT (a = 1) AND b = 2")).isEqualTo("((NOT (a = 1)) AND (b = 2))");
        assertThat(structure("NOT a = 1")).isEqualTo("((NOT a) = 1)");
        assertThat(structure("a <> 1")).isEqualTo("(NOT (a = 1))");
        assertThat(structure("a BETWEEN 1 AND 2 AND b = 3")).isEqualTo("(((a >= 1) AND (a <= 2)) AND (b = 3))");
        assertThat(structure("a NOT BETWEEN 1 AND 2")).isEqualTo("((a < 1) OR (a > 2))");
        assertThat(structure("a IS NOT NULL")).isEqualTo("(NOT (a IS NULL))");
        assertThat(structure("a NOT IN ('x','it''s')")).isEqualTo("(a NOT IN ('x', 'it''s'))");
    }

    @Test
    void readsKeywordsInAnyCase_butNamesExactly() {
        assertThat(structure("a between 1 and 2 or B is null")).isEqualTo("(((a >= 1) AND (a <= 2)) OR (B IS NULL))");
        assertThat(structure("$x_1 = 'v'")).isEqualTo("($x_1 = 'v')");
        assertThat(structure("x = true")).isEqualTo("(x = TRUE)");
    }

    @Test
    void readsNumbersAsRocketMqDoes() {
        assertThat(structure("a = 5")).isEqualTo("(a = 5)");
        assertThat(structure("a = 5L")).isEqualTo("(a = 5)");
        assertThat(structure("a = -5")).isEqualTo("(a = -5)");
        assertThat(structure("a = +5")).isEqualTo("(a = 5)");
        assertThat(structure("a = 3000000000")).isEqualTo("(a = 3000000000)");
        assertThat(structure("a = 1.5")).isEqualTo("(a = 1.5)");
        assertThat(structure("a = 1.")).isEqualTo("(a = 1.0)");
        assertThat(structure("a = .5")).isEqualTo("(a = 0.5)");
        assertThat(structure("a = 1e3")).isEqualTo("(a = 1000.0)");
        assertThat(structure("a = 2.5E-1")).isEqualTo("(a = 0.25)");
    }

    @Test
    void skipsBlanksAndComments() {
        assertThat(structure(" a\t=\n1 -- a comment\r\n AND /* another */ b = 2"))
                .isEqualTo("((a = 1) AND (b = 2))");
    }

    @Test
    void refusesBadSyntax_namingTheColumn() {
        assertRefused("", 1, "the expression is empty");
        assertRefused("a >", 4, "expected a value (a property, a literal or '('), found end of expression");
        assertRefused("a = 'x", 5, "unterminated string literal");
        assertRefused("a == 1", 4, "expected a value (a property, a literal or '('), found '='");
        assertRefused("a != 1", 3, "unexpected character '!' (write <> for 'not equal')");
        assertRefused("a = \"x\"", 5, "unexpected character '\"' (string literals take single quotes)");
        assertRefused("(a = 1", 7, "expected ')' to close the '(' at column 1, found end of expression");
        assertRefused("a = 1 b = 2", 7, "unexpected identifier 'b' after a complete expression");
        assertRefused("a IN ()", 7, "expected a string literal in the IN list, found ')'");
        assertRefused("a IN (1)", 7, "expected a string literal in the IN list, found number 1");
        assertRefused("a IN ('x' 'y')", 11, "expected ',' or ')' in the IN list, found string 'y'");
        assertRefused("a BETWEEN 1 2", 13, "expected AND between the bounds of BETWEEN, found number 2");
        assertRefused("a IS 1", 6, "expected NULL or NOT NULL after IS, found number 1");
        assertRefused("a = 05", 6, "unexpected number 5 after a complete expression");
        assertRefused("a = 99999999999999999999", 5, "number 99999999999999999999 is larger than a long");
        assertRefused("a = 1e999", 5, "number 1e999 is larger than a double");
        assertRefused("a = 1 /* open", 7, "unterminated comment");
        assertRefused("user.id = 1", 5, "unexpected character '.'");
    }

    @Test
    void refusesWhatRocketMqRefusesToCompile() {
        assertRefused("a > 'x'", 3, "'x' cannot be compared with '>': only numbers are ordered");
        assertRefused("a < TRUE", 3, "TRUE cannot be compared with '<': only numbers are ordered");
        assertRefused("(a = 1) > 2", 9, "the boolean expression (a = 1) cannot be compared with '>'");
        assertRefused("a = NULL", 3, "NULL cannot be compared with '='; use IS NULL or IS NOT NULL");
        assertRefused("a <> NULL", 3, "NULL cannot be compared with '<>'; use IS NULL or IS NOT NULL");
        assertRefused("TRUE = 'x'", 6, "TRUE cannot be compared with 'x'");
        assertRefused("a BETWEEN 3 AND 1", 3,
                "the lower bound of BETWEEN (3) must be less than or equal to the upper bound (1)");
        assertRefused("a BETWEEN NULL AND 1", 3, "the bounds of BETWEEN cannot be NULL");
        assertRefused("a BETWEEN 'a' AND 'b'", 3, "'a' cannot be compared with BETWEEN: only numbers are ordered");
        assertRefused("NOT a IN ('x')", 7, "IN applies to a property, not to (NOT a)");
        assertRefused("'x' IN ('x')", 5, "IN applies to a property, not to 'x'");
        assertRefused("a = 1 AND 5", 11, "AND's right side must be a condition, but 5 is not boolean");
        assertRefused("'x' OR a = 1", 1, "OR's left side must be a condition, but 'x' is not boolean");
        assertRefused("NOT 5", 5, "NOT's operand must be a condition, but 5 is not boolean");
        assertRefused("-a", 1, "the expression must be a condition, but NULL is not boolean");
        assertRefused("5", 1, "the expression must be a condition, but 5 is not boolean");
    }

    @Test
    void acceptsWhatRocketMqAccepts_evenWhenItNeverMatches() {
        assertThat(structure("a BETWEEN -1 AND -5")).isEqualTo("((a >= -1) AND (a <= -5))");
        assertThat(structure("a > -'x'")).isEqualTo("(a > NULL)");
        assertThat(structure("a NOT BETWEEN 3 AND 1")).isEqualTo("((a < 3) OR (a > 1))");
        assertThat(structure("NULL")).isEqualTo("UNKNOWN");
    }

    @Test
    void theErrorCarriesExpressionAndColumn() {
        assertThatThrownBy(() -> Sql92Filter.compile("a >> 1"))
                .isInstanceOfSatisfying(Sql92ParseException.class, e -> {
                    assertThat(e.column()).isEqualTo(4);
                    assertThat(e.expression()).isEqualTo("a >> 1");
                    assertThat(e.getMessage()).isEqualTo("Invalid SQL92 expression at column 4: expected a value "
                            + "(a property, a literal or '('), found '>' (expression: a >> 1)");
                });
        assertThatThrownBy(() -> Sql92Filter.compile(null)).isInstanceOf(Sql92ParseException.class);
    }

    private static void assertRefused(String expression, int column, String reason) {
        assertThatThrownBy(() -> Sql92Filter.compile(expression))
                .as(expression)
                .isInstanceOfSatisfying(Sql92ParseException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("Invalid SQL92 expression at column " + column + ": "
                            + reason + " (expression: " + expression + ")");
                    assertThat(e.column()).isEqualTo(column);
                });
    }
}

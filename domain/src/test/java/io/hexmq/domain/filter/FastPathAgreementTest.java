package io.hexmq.domain.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.MessageProperties;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The byte-level comparisons agree with RocketMQ's rules on boxed values ({@link Sql92Values}) for
 * awkward property values: signs, leading zeros, int overflow, exponents, blanks, non-ASCII digits.
 */
class FastPathAgreementTest {

    private static final List<String> VALUES = List.of("5", "+5", "-5", "005", "5.0", "5.", ".5", "abc", " 5",
            "3000000000", "-2147483648", "2147483648", "1e2", "NaN", "-Infinity", "1.5", "\u0663", "-0", "0.1",
            "99999999999999999999", "123456789012345678", "0.30000000000000004", "1234567890.12345678", "true",
            "+", "-", ".", "1.2.3", "\u00e9");
    private static final List<String> LITERALS = List.of("5", "-5", "0", "3000000000", "2147483647", "1.5", "0.1",
            "-0.5", "1e2");

    @Test
    void orderingAndEqualityAgreeWithTheBoxedRules() {
        for (String value : VALUES) {
            String properties = MessageProperties.encode(Map.of("a", value));
            for (String literalText : LITERALS) {
                Object literal = literalValue(literalText);
                assertAgree(properties, "a = " + literalText, Sql92Values.equal(value, literal));
                assertAgree(properties, literalText + " = a", Sql92Values.equal(literal, value));
                for (Operator op : Operator.values()) {
                    assertAgree(properties, "a " + op.symbol() + " " + literalText, Sql92Values.order(op, value, literal));
                    assertAgree(properties, literalText + " " + op.symbol() + " a", Sql92Values.order(op, literal, value));
                }
            }
            for (String other : VALUES) {
                String both = MessageProperties.encode(Map.of("a", value, "b", other));
                for (Operator op : Operator.values()) {
                    assertAgree(both, "a " + op.symbol() + " b", Sql92Values.order(op, value, other));
                }
                assertAgree(both, "a = b", Sql92Values.equal(value, other));
            }
        }
    }

    private static Object literalValue(String text) {
        if (text.contains(".") || text.contains("e")) {
            return Double.parseDouble(text);
        }
        long value = Long.parseLong(text);
        return value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE ? (Object) (int) value : (Object) value;
    }

    private static void assertAgree(String properties, String expression, int expected) {
        assertThat(Truth.name(Sql92Filter.compile(expression).evaluate(properties)))
                .as("%s with %s", expression, properties.replace('\u0001', '=').replace('\u0002', ';'))
                .isEqualTo(Truth.name(expected));
    }
}

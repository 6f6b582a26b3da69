package io.hexmq.domain.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageProperties;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Evaluation: every construct, RocketMQ's null, conversion and abort rules, and matching a stored record. */
class Sql92FilterTest {

    /** TRUE, FALSE, UNKNOWN or ERROR of {@code expression} over properties given as name/value pairs. */
    private static String eval(String expression, String... namesAndValues) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            properties.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return Truth.name(Sql92Filter.compile(expression).evaluate(MessageProperties.encode(properties)));
    }

    @Test
    void comparesStringsForEquality_byExactValue() {
        assertThat(eval("a = 'x'", "a", "x")).isEqualTo("TRUE");
        assertThat(eval("a = 'x'", "a", "X")).isEqualTo("FALSE");
        assertThat(eval("a = 'x'", "a", "xy")).isEqualTo("FALSE");
        assertThat(eval("a <> 'x'", "a", "y")).isEqualTo("TRUE");
        assertThat(eval("'x' = a", "a", "x")).isEqualTo("TRUE");
        assertThat(eval("a = 'it''s'", "a", "it's")).isEqualTo("TRUE");
        assertThat(eval("a = 'caf\u00e9 \u4e2d'", "a", "caf\u00e9 \u4e2d")).isEqualTo("TRUE");
        assertThat(eval("a = ''", "b", "x")).isEqualTo("UNKNOWN");
    }

    @Test
    void comparesPropertiesWithWholeNumbers_asIntsOrLongs() {
        assertThat(eval("a = 5", "a", "5")).isEqualTo("TRUE");
        assertThat(eval("a = 5", "a", "+5")).isEqualTo("TRUE");
        assertThat(eval("a = 5", "a", "005")).isEqualTo("TRUE");
        assertThat(eval("a = -5", "a", "-5")).isEqualTo("TRUE");
        assertThat(eval("a > 5", "a", "6")).isEqualTo("TRUE");
        assertThat(eval("a > 5", "a", "5")).isEqualTo("FALSE");
        assertThat(eval("a >= 5", "a", "5")).isEqualTo("TRUE");
        assertThat(eval("a < 5", "a", "-100")).isEqualTo("TRUE");
        assertThat(eval("a <= 5", "a", "6")).isEqualTo("FALSE");
        assertThat(eval("5 < a", "a", "6")).isEqualTo("TRUE");
        assertThat(eval("5 >= a", "a", "6")).isEqualTo("FALSE");
        assertThat(eval("a > 3000000000", "a", "3000000001")).isEqualTo("TRUE");
        assertThat(eval("a < 9223372036854775807", "a", "-9223372036854775808")).isEqualTo("TRUE");
        assertThat(eval("a = 1L", "a", "1")).isEqualTo("TRUE");
    }

    @Test
    void abortsWhenAValueDoesNotReadAsTheLiteralsType() {
        assertThat(eval("a > 5", "a", "abc")).isEqualTo("ERROR");
        assertThat(eval("a = 5", "a", "5.0")).isEqualTo("ERROR");
        assertThat(eval("a > 5", "a", " 5")).isEqualTo("ERROR");
        assertThat(eval("a > 5", "a", "-")).isEqualTo("ERROR");
        // An int literal reads the value as an int, as Integer.valueOf does.
        assertThat(eval("a < 5", "a", "3000000000")).isEqualTo("ERROR");
        assertThat(eval("a < 5", "a", "12345678901234567890123")).isEqualTo("ERROR");
        assertThat(eval("a < 3000000000", "a", "12345678901234567890123")).isEqualTo("ERROR");
    }

    @Test
    void comparesWithDecimals_asDoubleValueOfReadsTheValue() {
        assertThat(eval("a > 1.5", "a", "1.6")).isEqualTo("TRUE");
        assertThat(eval("a > 1.5", "a", "2")).isEqualTo("TRUE");
        assertThat(eval("a = 1.5", "a", "1.50")).isEqualTo("TRUE");
        assertThat(eval("a < .5", "a", "-0.25")).isEqualTo("TRUE");
        assertThat(eval("a < 1e3", "a", "1e2")).isEqualTo("TRUE");
        assertThat(eval("a > 1.5", "a", " 2.5 ")).isEqualTo("TRUE");
        assertThat(eval("a > 1.5", "a", "NaN")).isEqualTo("TRUE");
        assertThat(eval("a = 0.1", "a", "0.1")).isEqualTo("TRUE");
        assertThat(eval("a = 0.3", "a", "0.30000000000000004")).isEqualTo("FALSE");
        assertThat(eval("a > 1.5", "a", "x1")).isEqualTo("ERROR");
        assertThat(eval("a > -1.5", "a", "-1.25")).isEqualTo("TRUE");
    }

    @Test
    void ordersTwoProperties_asDoubles() {
        assertThat(eval("a > b", "a", "10", "b", "9.5")).isEqualTo("TRUE");
        assertThat(eval("a < b", "a", "10", "b", "9")).isEqualTo("FALSE");
        assertThat(eval("a < b", "a", "x", "b", "9")).isEqualTo("ERROR");
        assertThat(eval("a < b", "b", "9")).isEqualTo("UNKNOWN");
        assertThat(eval("a = b", "a", "x", "b", "x")).isEqualTo("TRUE");
        assertThat(eval("a = b", "a", "1", "b", "1.0")).isEqualTo("FALSE");
    }

    @Test
    void comparesWithBooleans_likeBooleanValueOf() {
        assertThat(eval("a = TRUE", "a", "true")).isEqualTo("TRUE");
        assertThat(eval("a = TRUE", "a", "TRUE")).isEqualTo("TRUE");
        assertThat(eval("a = TRUE", "a", "yes")).isEqualTo("FALSE");
        assertThat(eval("a = FALSE", "a", "no")).isEqualTo("TRUE");
        assertThat(eval("a <> FALSE", "a", "true")).isEqualTo("TRUE");
        // RocketMQ fails on a cast when the Boolean stands on the left of a String.
        assertThat(eval("TRUE = a", "a", "true")).isEqualTo("ERROR");
    }

    @Test
    void treatsAMissingOrEmptyProperty_asNull() {
        assertThat(eval("a = 'x'")).isEqualTo("UNKNOWN");
        assertThat(eval("a = 'x'", "a", "")).isEqualTo("UNKNOWN");
        assertThat(eval("a <> 'x'")).isEqualTo("UNKNOWN");
        assertThat(eval("NOT (a = 'x')")).isEqualTo("UNKNOWN");
        assertThat(eval("a > 1")).isEqualTo("UNKNOWN");
        assertThat(eval("1 < a")).isEqualTo("UNKNOWN");
        assertThat(eval("a BETWEEN 1 AND 2")).isEqualTo("UNKNOWN");
        assertThat(eval("a IN ('x')")).isEqualTo("UNKNOWN");
        assertThat(eval("a NOT IN ('x')")).isEqualTo("UNKNOWN");
        // A literal on the left of '=' against null is false, not unknown (RocketMQ's asymmetry).
        assertThat(eval("'x' = a")).isEqualTo("FALSE");
        assertThat(eval("'x' <> a")).isEqualTo("TRUE");
        assertThat(eval("a = b")).isEqualTo("TRUE");
        assertThat(eval("a = b", "b", "1")).isEqualTo("UNKNOWN");
        assertThat(eval("a = b", "a", "1")).isEqualTo("FALSE");
    }

    @Test
    void testsNullness() {
        assertThat(eval("a IS NULL")).isEqualTo("TRUE");
        assertThat(eval("a IS NULL", "a", "")).isEqualTo("TRUE");
        assertThat(eval("a IS NULL", "a", "1")).isEqualTo("FALSE");
        assertThat(eval("a IS NOT NULL", "a", "1")).isEqualTo("TRUE");
        assertThat(eval("a is not null")).isEqualTo("FALSE");
        assertThat(eval("(a = 1) IS NULL")).isEqualTo("TRUE");
        assertThat(eval("(a = 1) IS NULL", "a", "2")).isEqualTo("FALSE");
        assertThat(eval("NULL IS NULL")).isEqualTo("TRUE");
        assertThat(eval("-a IS NULL", "a", "5")).isEqualTo("TRUE");
    }

    @Test
    void betweenIncludesItsBounds_andNotBetweenExcludesThem() {
        assertThat(eval("a BETWEEN 1 AND 3", "a", "1")).isEqualTo("TRUE");
        assertThat(eval("a BETWEEN 1 AND 3", "a", "3")).isEqualTo("TRUE");
        assertThat(eval("a BETWEEN 1 AND 3", "a", "4")).isEqualTo("FALSE");
        assertThat(eval("a BETWEEN -1.5 AND 1.5", "a", "0")).isEqualTo("TRUE");
        assertThat(eval("a NOT BETWEEN 1 AND 3", "a", "0")).isEqualTo("TRUE");
        assertThat(eval("a NOT BETWEEN 1 AND 3", "a", "2")).isEqualTo("FALSE");
        assertThat(eval("a NOT BETWEEN 1 AND 3")).isEqualTo("UNKNOWN");
        assertThat(eval("a BETWEEN 1 AND 3", "a", "x")).isEqualTo("ERROR");
        assertThat(eval("a BETWEEN b AND c", "a", "2", "b", "1", "c", "3")).isEqualTo("TRUE");
    }

    @Test
    void inComparesStrings() {
        assertThat(eval("a IN ('x', 'y')", "a", "y")).isEqualTo("TRUE");
        assertThat(eval("a IN ('x', 'y')", "a", "z")).isEqualTo("FALSE");
        assertThat(eval("a NOT IN ('x', 'y')", "a", "z")).isEqualTo("TRUE");
        assertThat(eval("a NOT IN ('x', 'y')", "a", "x")).isEqualTo("FALSE");
        assertThat(eval("a IN ('1')", "a", "1")).isEqualTo("TRUE");
        assertThat(eval("a in ('a','b','c','d','e','f')", "a", "f")).isEqualTo("TRUE");
    }

    @Test
    void matchesSubstrings_falseForMissingProperties() {
        assertThat(eval("a CONTAINS 'ell'", "a", "hello")).isEqualTo("TRUE");
        assertThat(eval("a CONTAINS 'xyz'", "a", "hello")).isEqualTo("FALSE");
        assertThat(eval("a NOT CONTAINS 'xyz'", "a", "hello")).isEqualTo("TRUE");
        assertThat(eval("a STARTSWITH 'he'", "a", "hello")).isEqualTo("TRUE");
        assertThat(eval("a ENDSWITH 'lo'", "a", "hello")).isEqualTo("TRUE");
        assertThat(eval("a NOT STARTSWITH 'lo'", "a", "hello")).isEqualTo("TRUE");
        assertThat(eval("a NOT ENDSWITH 'lo'", "a", "hello")).isEqualTo("FALSE");
        assertThat(eval("a CONTAINS 'x'")).isEqualTo("FALSE");
        assertThat(eval("a NOT CONTAINS 'x'")).isEqualTo("FALSE");
        assertThat(eval("a CONTAINS ''", "a", "x")).isEqualTo("FALSE");
        assertThat(eval("a CONTAINS '\u4e2d'", "a", "\u4e2d\u6587")).isEqualTo("TRUE");
    }

    @Test
    void combinesWithThreeValuedLogic() {
        assertThat(eval("a = 1 AND b = 2", "a", "1", "b", "2")).isEqualTo("TRUE");
        assertThat(eval("a = 1 AND b = 2", "a", "1")).isEqualTo("UNKNOWN");
        assertThat(eval("a = 1 AND b = 2", "a", "0")).isEqualTo("FALSE");
        assertThat(eval("b = 2 AND a = 1", "a", "0")).isEqualTo("FALSE");
        assertThat(eval("a = 1 OR b = 2", "a", "1")).isEqualTo("TRUE");
        assertThat(eval("b = 2 OR a = 1", "a", "1")).isEqualTo("TRUE");
        assertThat(eval("a = 1 OR b = 2", "a", "0")).isEqualTo("UNKNOWN");
        assertThat(eval("a = 1 OR b = 2", "a", "0", "b", "0")).isEqualTo("FALSE");
        assertThat(eval("NOT (a = 1)", "a", "0")).isEqualTo("TRUE");
        assertThat(eval("TRUE")).isEqualTo("TRUE");
        assertThat(eval("FALSE OR NULL")).isEqualTo("UNKNOWN");
    }

    @Test
    void anAbortEndsTheEvaluation_unlessAnEarlierOperandDecided() {
        assertThat(eval("a > 5 OR b = 'x'", "a", "abc", "b", "x")).isEqualTo("ERROR");
        assertThat(eval("b = 'x' OR a > 5", "a", "abc", "b", "x")).isEqualTo("TRUE");
        assertThat(eval("b = 'y' AND a > 5", "a", "abc", "b", "x")).isEqualTo("FALSE");
        assertThat(eval("NOT (a > 5)", "a", "abc")).isEqualTo("ERROR");
        assertThat(eval("(a > 5) IS NULL", "a", "abc")).isEqualTo("ERROR");
    }

    @Test
    void notBindsTighterThanComparisons_asInRocketMq() {
        // (NOT a) = 1: a present casts to FALSE, NOT makes TRUE, and TRUE = 1 is false.
        assertThat(eval("NOT a = 1", "a", "1")).isEqualTo("FALSE");
        // (NOT a) IS NULL: true exactly when a is missing, i.e. the same as a IS NULL.
        assertThat(eval("NOT a IS NULL")).isEqualTo("TRUE");
        assertThat(eval("NOT a IS NULL", "a", "1")).isEqualTo("FALSE");
        assertThat(eval("NOT (a IS NULL)", "a", "1")).isEqualTo("TRUE");
    }

    @Test
    void aBarePropertyIsNeverTrue_becauseValuesAreStrings() {
        assertThat(eval("a", "a", "true")).isEqualTo("FALSE");
        assertThat(eval("a")).isEqualTo("UNKNOWN");
        assertThat(eval("NOT a", "a", "true")).isEqualTo("TRUE");
    }

    @Test
    void foldsComparisonsOfLiterals() {
        assertThat(eval("1 = 1")).isEqualTo("TRUE");
        assertThat(eval("1 = 1.0")).isEqualTo("TRUE");
        assertThat(eval("2 > 1")).isEqualTo("TRUE");
        assertThat(eval("'5' = 5")).isEqualTo("TRUE");
        assertThat(eval("'x' = 5")).isEqualTo("ERROR");
        assertThat(eval("'x' = TRUE")).isEqualTo("FALSE");
        assertThat(eval("3000000000 = 3000000000")).isEqualTo("TRUE");
        assertThat(eval("(1 = 1) = TRUE")).isEqualTo("TRUE");
        assertThat(eval("(a = 1) = 5", "a", "1")).isEqualTo("FALSE");
        assertThat(eval("-a = 5", "a", "-5")).isEqualTo("UNKNOWN");
    }

    @Test
    void seesSystemPropertiesLikeTagsAndKeys() {
        assertThat(eval("TAGS = 'TagA' AND KEYS IS NOT NULL", "TAGS", "TagA", "KEYS", "k1 k2")).isEqualTo("TRUE");
        assertThat(eval("TAGS IN ('TagB')", "TAGS", "TagA")).isEqualTo("FALSE");
        assertThat(eval("tags = 'TagA'", "TAGS", "TagA")).isEqualTo("UNKNOWN");
    }

    @Test
    void findsAPropertyWhoseNameIsASuffixOrPrefixOfAnother() {
        assertThat(eval("a = '1'", "aa", "2", "ba", "3", "a", "1")).isEqualTo("TRUE");
        assertThat(eval("ab = '1'", "a", "2", "ab", "1")).isEqualTo("TRUE");
    }

    @Test
    void matchesTheStoredRecord_andEveryTagsCode() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("TAGS", "TagA");
        properties.put("a", "7");
        properties.put("b", "y");
        properties.put("c", "present");
        MessageEncoder encoder = new MessageEncoder(4096, HostAddress.of(new byte[] {10, 0, 0, 1}, 10911));
        encoder.encode(Message.builder("TopicTest", 0, "body".getBytes())
                .properties(MessageProperties.encode(properties)).build());
        ByteBuffer stored = ByteBuffer.allocate(64 + encoder.encodedLength());
        stored.put(64, encoder.encoded(), 0, encoder.encodedLength());
        ByteBuffer view = stored.slice(64, encoder.encodedLength()).asReadOnlyBuffer();

        Sql92Filter typical = Sql92Filter.compile("a > 5 AND b IN ('x','y') AND c IS NOT NULL");
        assertThat(typical.matchesTagsCode(12345L)).isTrue();
        assertThat(typical.matchesStored(view)).isTrue();
        assertThat(typical.matchesStored(stored.duplicate().position(64))).isTrue();
        assertThat(Sql92Filter.compile("a > 7").matchesStored(view)).isFalse();
        assertThat(typical.matches(properties)).isTrue();
        assertThat(typical.expression()).isEqualTo("a > 5 AND b IN ('x','y') AND c IS NOT NULL");
    }
}

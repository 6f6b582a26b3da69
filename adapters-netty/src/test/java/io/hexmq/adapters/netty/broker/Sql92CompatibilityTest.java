package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.filter.Sql92Filter;
import io.hexmq.domain.filter.Sql92ParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.filter.FilterFactory;
import org.apache.rocketmq.filter.expression.EvaluationContext;
import org.apache.rocketmq.filter.expression.Expression;
import org.junit.jupiter.api.Test;

/**
 * The broker's SQL92 filter against the official one (rocketmq-filter, as the official broker calls it):
 * the same expressions are refused, and every accepted expression selects the same messages, whose
 * properties go through the official properties string and decoder as on the official broker.
 */
class Sql92CompatibilityTest {

    private static final List<String> EXPRESSIONS = List.of(
            "a = 'x'", "a <> 'x'", "'x' = a", "'x' <> a", "a = 5", "a <> 5", "5 = a", "a > 5", "a >= 5", "a < 5",
            "a <= 5", "5 < a", "a > -5", "a = 3000000000", "a < 3000000000", "a > 1.5", "a = 1.5", "a < .5",
            "a > 1e3", "a = TRUE", "a = FALSE", "a <> TRUE", "TRUE = a", "a > b", "a = b", "a <> b", "a <= b",
            "a IS NULL", "a IS NOT NULL", "b IS NULL AND a IS NOT NULL", "a BETWEEN 1 AND 10",
            "a NOT BETWEEN 1 AND 10", "a BETWEEN -1.5 AND 2", "a BETWEEN b AND 10", "a IN ('x', 'y')",
            "a NOT IN ('x', 'y')", "a IN ('5')", "a CONTAINS 'x'", "a NOT CONTAINS 'x'", "a STARTSWITH 'x'",
            "a NOT STARTSWITH 'x'", "a ENDSWITH 'y'", "a NOT ENDSWITH 'y'", "a CONTAINS ''",
            "a > 5 AND b IN ('x','y') AND c IS NOT NULL", "a > 5 OR b = 'x'", "b = 'x' OR a > 5",
            "b = 'y' AND a > 5", "NOT (a > 5)", "NOT (a = 'x')", "NOT a = 1", "NOT a IS NULL", "NOT a", "a",
            "TRUE", "FALSE", "NULL", "FALSE OR NULL", "1 = 1", "'5' = 5", "'x' = 5", "'x' = TRUE", "(a = 1) = TRUE",
            "(a = 1) = 5", "(a = 1) IS NULL", "-a = 5", "-a IS NULL", "a = -b", "TAGS = 'TagA'",
            "TAGS IN ('TagA', 'TagB') AND KEYS IS NOT NULL", "a between 1 and 10 or b is null",
            "(a = 'x' OR a = 'y') AND (c IS NULL OR c <> 'z')", "a = 'it''s'", "a = 5 -- comment\n",
            "a /* c */ = 5", "a > 5L", "a BETWEEN -1 AND -5",
            // refused by both
            "", "a >", "a > 'x'", "a < TRUE", "(a = 1) > 2", "a = NULL", "TRUE = 'x'", "a BETWEEN 3 AND 1",
            "a BETWEEN NULL AND 1", "a BETWEEN 'a' AND 'b'", "NOT a IN ('x')", "'x' IN ('x')", "a = 1 AND 5",
            "'x' OR a = 1", "NOT 5", "-a", "5", "a == 1", "a != 1", "a = \"x\"", "(a = 1",
            "a IN ()", "a IN (1)", "a BETWEEN 1 2", "a IS 1", "user.id = 1", "a = 'x",
            "a = 99999999999999999999");

    private static final List<Map<String, String>> MESSAGES = messages();

    private static List<Map<String, String>> messages() {
        List<Map<String, String>> messages = new ArrayList<>();
        messages.add(Map.of());
        String[] values = {"5", "+5", "-5", "6", "4", "5.0", "1.5", "0.25", "abc", "x", "y", "xy", "yx", "", " 5",
            "3000000000", "3000000001", "true", "TRUE", "false", "1e4", "NaN", "it's", "-2", "10", "11", "\u0663"};
        for (String a : values) {
            messages.add(Map.of("a", a));
            messages.add(Map.of("a", a, "b", "x"));
            messages.add(Map.of("a", a, "b", "2", "c", "z"));
            messages.add(Map.of("a", a, "b", a, "c", "1", "TAGS", "TagA", "KEYS", "k1 k2"));
        }
        messages.add(Map.of("b", "x", "c", "1"));
        messages.add(Map.of("TAGS", "TagB"));
        return messages;
    }

    @Test
    void refusesAndSelectsExactlyAsTheOfficialFilter() {
        int compared = 0;
        for (String expression : EXPRESSIONS) {
            Expression official = officialCompile(expression);
            Sql92Filter ours = ourCompile(expression);
            assertThat(ours != null).as("accepted: %s", expression).isEqualTo(official != null);
            if (ours == null) {
                continue;
            }
            for (Map<String, String> properties : MESSAGES) {
                assertThat(ours.matches(properties))
                        .as("%s with %s", expression, properties)
                        .isEqualTo(officialMatches(official, properties));
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(5_000);
    }

    private static Expression officialCompile(String expression) {
        try {
            return FilterFactory.INSTANCE.get("SQL92").compile(expression);
        } catch (Exception refused) {
            return null;
        }
    }

    private static Sql92Filter ourCompile(String expression) {
        try {
            return Sql92Filter.compile(expression);
        } catch (Sql92ParseException refused) {
            return null;
        }
    }

    /** As ExpressionMessageFilter.isMatchedByCommitLog: decode the stored string, evaluate, errors do not match. */
    private static boolean officialMatches(Expression expression, Map<String, String> properties) {
        Map<String, String> decoded = MessageDecoder.string2messageProperties(
                MessageDecoder.messageProperties2String(new LinkedHashMap<>(properties)));
        EvaluationContext context = new EvaluationContext() {
            @Override
            public Object get(String name) {
                return decoded.get(name);
            }

            @Override
            public Map<String, Object> keyValues() {
                return new HashMap<>(decoded);
            }
        };
        try {
            return Boolean.TRUE.equals(expression.evaluate(context));
        } catch (Exception aborted) {
            return false;
        }
    }

    @Test
    void theKnownDifferences_areRefusalsOfRocketMqsOwnLeniencyOrStrictness() {
        // RocketMQ stops parsing after the first complete condition and ignores what follows; we refuse it.
        for (String trailing : List.of("a = 1 b = 2", "a = 05", "a = 1 )")) {
            assertThat(officialCompile(trailing)).as(trailing).isNotNull();
            assertThat(ourCompile(trailing)).as(trailing).isNull();
        }
        // RocketMQ refuses decimal literals equal to zero (its lower-bound check uses Double.MIN_VALUE); we accept them.
        assertThat(officialCompile("a > 0.0")).isNull();
        assertThat(ourCompile("a > 0.0").matches(Map.of("a", "1"))).isTrue();
    }
}

package io.hexmq.domain.filter;

import io.hexmq.domain.filter.Expr.Condition;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

/**
 * A consumer's SQL92 subscription compiled once, then matched against stored messages by their
 * properties: RocketMQ's SQL92 subset and semantics (its filter module), filtering on the broker.
 *
 * <p>The language: comparisons {@code = <> < <= > >=}, {@code [NOT] BETWEEN a AND b},
 * {@code [NOT] IN ('x', 'y')}, {@code IS [NOT] NULL}, RocketMQ 5's {@code [NOT] CONTAINS / STARTSWITH /
 * ENDSWITH 'x'}, {@code AND OR NOT} and parentheses; string literals in single quotes, whole and decimal
 * numbers, {@code TRUE FALSE NULL}; identifiers name message properties, user properties and the system
 * ones alike ({@code TAGS}, {@code KEYS}, {@code UNIQ_KEY}, ...). Keywords ignore case, names do not.
 * See {@link Sql92Parser} for the grammar; note that NOT binds tighter than comparisons, as in RocketMQ.
 *
 * <p>The semantics, RocketMQ's:
 * <ul>
 *   <li>Property values are strings. Compared with a number they are parsed as that number's type
 *       (a whole literal within int range reads the value as an int); {@code <, <=, >, >=} between two
 *       properties parse both as doubles.</li>
 *   <li>A missing property (or one with an empty value) is NULL: comparisons with it are unknown, so
 *       neither {@code a = 1} nor {@code NOT (a = 1)} matches; {@code IS NULL} is true; {@code NOT IN}
 *       is unknown too; {@code CONTAINS} and its kin are false.</li>
 *   <li>A value that does not convert (e.g. {@code a > 5} with {@code a = "abc"}) aborts the evaluation and
 *       the message does not match, whatever the rest of the expression says, unless an earlier AND/OR
 *       operand already decided it.</li>
 *   <li>A message matches only when the expression is true.</li>
 * </ul>
 *
 * <p>Cost: immutable and thread-safe; one instance serves every pull of a subscription. Matching reads
 * the properties straight from the stored record and allocates nothing for the usual shapes (a property
 * against a literal, IN, IS NULL, the string matches) when values are ASCII numbers or any strings;
 * rare shapes (boolean expressions used as values, numbers in exponent form or non-ASCII digits) decode
 * the value into a String. Each property reference scans the properties once, up to its entry.
 */
public final class Sql92Filter implements MessageFilter {

    private final String expression;
    private final Condition condition;

    private Sql92Filter(String expression, Condition condition) {
        this.expression = expression;
        this.condition = condition;
    }

    /**
     * Parses and checks {@code expression}.
     *
     * @throws Sql92ParseException when it does not parse or RocketMQ would refuse it; the message names
     *                             the column and the reason
     */
    public static Sql92Filter compile(String expression) {
        return new Sql92Filter(expression, Sql92Parser.parse(expression));
    }

    /** The expression as written. */
    public String expression() {
        return expression;
    }

    /** SQL92 does not look at tags: every consume-queue entry is a candidate. */
    @Override
    public boolean matchesTagsCode(long tagsCode) {
        return true;
    }

    @Override
    public boolean matchesStored(ByteBuffer message) {
        int at = message.position();
        int topicLengthAt = MessageLayout.topicLengthIndex(message, at);
        int propertiesLengthAt = topicLengthAt + 1 + (message.get(topicLengthAt) & 0xFF);
        int from = propertiesLengthAt + 2;
        int to = from + (message.getShort(propertiesLengthAt) & 0xFFFF);
        return condition.test(message, from, to) == Truth.TRUE;
    }

    /** Whether a message with these properties matches (encodes them first; for tools and tests). */
    public boolean matches(Map<String, String> properties) {
        Objects.requireNonNull(properties, "properties");
        return evaluate(MessageProperties.encode(properties)) == Truth.TRUE;
    }

    /** The {@link Truth} of the expression over an encoded properties string. */
    int evaluate(String encodedProperties) {
        byte[] bytes = encodedProperties.getBytes(StandardCharsets.UTF_8);
        return condition.test(ByteBuffer.wrap(bytes), 0, bytes.length);
    }

    /** The expression as compiled, fully parenthesized (for tests and logs). */
    String structure() {
        return condition.text();
    }

    @Override
    public String toString() {
        return expression;
    }
}

package io.hexmq.application.message;

import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.topic.TopicName;
import java.util.HashSet;
import java.util.Set;

/**
 * The filter for an expression a request carries itself (a POP's {@code expType} and {@code exp}): none
 * or an empty one takes everything, {@code SQL92} compiles (once per text, shared), anything else is a
 * tag expression. A part the consuming use cases share.
 */
public final class ExpressionFilters {

    /** @param error why the expression does not parse, when {@code filter} is null */
    public record Parsed(MessageFilter filter, String error) {

        public boolean isValid() {
            return filter != null;
        }
    }

    private final Sql92Filters sql92Filters = new Sql92Filters();

    public Parsed parse(String expressionType, String expression) {
        if (expression == null || expression.isEmpty()) {
            return new Parsed(MessageFilter.ALL, null);
        }
        if (isSql92(expressionType)) {
            Sql92Filters.Compiled compiled = sql92Filters.compile(expression);
            return new Parsed(compiled.filter(), compiled.error());
        }
        return TagFilter.parse(expression).map(filter -> new Parsed(filter, null))
                .orElseGet(() -> new Parsed(null, "the tag expression does not parse: " + expression));
    }

    /**
     * The subscription a request's expression amounts to, as a heartbeat would announce it: SQL92 text as
     * written, a tag expression with its tags and their codes, none (or an empty one) as {@code *}.
     */
    public static Subscription subscription(TopicName topic, String expressionType, String expression,
            long subVersion) {
        if (expression == null || expression.isEmpty()) {
            return Subscription.all(topic, subVersion);
        }
        if (isSql92(expressionType)) {
            return new Subscription(topic, expression, Set.of(), Set.of(), subVersion, ExpressionType.SQL92);
        }
        Set<String> tags = TagFilter.tagsOf(expression);
        Set<Integer> codes = new HashSet<>();
        tags.forEach(tag -> codes.add(tag.hashCode()));
        return new Subscription(topic, expression, tags, codes, subVersion, ExpressionType.TAG);
    }

    private static boolean isSql92(String expressionType) {
        return expressionType != null && ExpressionType.SQL92.name().equalsIgnoreCase(expressionType);
    }
}

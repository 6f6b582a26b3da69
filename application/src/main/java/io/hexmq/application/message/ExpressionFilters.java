package io.hexmq.application.message;

import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.message.MessageFilter;

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
        if (expressionType != null && ExpressionType.SQL92.name().equalsIgnoreCase(expressionType)) {
            Sql92Filters.Compiled compiled = sql92Filters.compile(expression);
            return new Parsed(compiled.filter(), compiled.error());
        }
        return TagFilter.parse(expression).map(filter -> new Parsed(filter, null))
                .orElseGet(() -> new Parsed(null, "the tag expression does not parse: " + expression));
    }
}

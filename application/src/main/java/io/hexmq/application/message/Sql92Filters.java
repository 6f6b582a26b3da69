package io.hexmq.application.message;

import io.hexmq.domain.filter.Sql92Filter;
import io.hexmq.domain.filter.Sql92ParseException;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SQL92 subscriptions compiled once per expression text and shared by every pull that uses the same
 * text; refusals are remembered too, so a consumer that keeps pulling with a bad expression does not
 * re-parse it each time. Bounded: past {@link #MAX_EXPRESSIONS} texts the cache starts over, which only
 * costs recompiling (a few microseconds per expression). Thread-safe.
 */
final class Sql92Filters {

    static final int MAX_EXPRESSIONS = 1024;

    /** @param error the parse error's message when {@code filter} is null */
    record Compiled(Sql92Filter filter, String error) {
    }

    private final Map<String, Compiled> byText = new ConcurrentHashMap<>();

    Compiled compile(String expression) {
        String text = Objects.requireNonNullElse(expression, "");
        Compiled compiled = byText.get(text);
        if (compiled != null) {
            return compiled;
        }
        try {
            compiled = new Compiled(Sql92Filter.compile(text), null);
        } catch (Sql92ParseException e) {
            compiled = new Compiled(null, e.getMessage());
        }
        if (byText.size() >= MAX_EXPRESSIONS) {
            byText.clear();
        }
        byText.put(text, compiled);
        return compiled;
    }

    int size() {
        return byText.size();
    }
}

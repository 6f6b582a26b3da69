package io.hexmq.remoting.body;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * fastjson's way of writing a map whose keys are objects, such as the {@code Map<MessageQueue, ...>}
 * tables of ConsumeStats, TopicStatsTable, ResetOffsetBody and ConsumerRunningInfo: each key is written as
 * a JSON object where a name belongs, {@code {"offsetTable":{{"brokerName":"b","queueId":0,"topic":"T"}:5}}}.
 * Not JSON, but what the official classes decode, so the broker writes it ({@link #write}) and the SDK
 * reads it ({@link #read}), which standard JSON (and Gson) cannot: the reader cuts the table into key and
 * value texts, minding strings and nesting, and Gson parses each. Plain string keys read too.
 */
public final class ObjectKeyedTable {

    private final String text;
    private int at;

    private ObjectKeyedTable(String text) {
        this.text = text;
    }

    /** The table's text: {@code {key:value,...}} with each key and value as the functions write them. */
    public static <K, V> String write(Map<K, V> entries, Function<K, String> keyJson, Function<V, String> valueJson) {
        StringBuilder out = new StringBuilder(64 * (entries.size() + 1)).append('{');
        boolean first = true;
        for (Map.Entry<K, V> entry : entries.entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            out.append(keyJson.apply(entry.getKey())).append(':').append(valueJson.apply(entry.getValue()));
        }
        return out.append('}').toString();
    }

    /**
     * The entries of top-level field {@code field}, in order; none when the field is absent.
     *
     * @throws InvalidBodyException when the body is not an object or the table does not parse
     */
    public static List<Map.Entry<JsonElement, JsonElement>> read(byte[] body, String field) {
        ObjectKeyedTable reader = new ObjectKeyedTable(new String(body, StandardCharsets.UTF_8));
        try {
            return reader.readTable(field);
        } catch (IllegalStateException | IndexOutOfBoundsException | JsonParseException e) {
            throw new InvalidBodyException("malformed '" + field + "' table: " + e.getMessage(), e);
        }
    }

    /**
     * The fields of a JSON object as their raw texts, in order, for a body whose values hold such tables (a
     * ConsumeStatsList's ConsumeStats): each value can then be read on its own.
     *
     * @throws InvalidBodyException when the text is not an object
     */
    public static Map<String, String> rawFields(String objectText) {
        ObjectKeyedTable reader = new ObjectKeyedTable(objectText);
        try {
            Map<String, String> fields = new LinkedHashMap<>();
            reader.expect('{');
            while (!reader.peek('}')) {
                String name = JsonParser.parseString(reader.value()).getAsString();
                reader.expect(':');
                fields.put(name, reader.value());
                if (!reader.peek('}')) {
                    reader.expect(',');
                }
            }
            return fields;
        } catch (IllegalStateException | IndexOutOfBoundsException | JsonParseException e) {
            throw new InvalidBodyException("malformed object: " + e.getMessage(), e);
        }
    }

    /**
     * The elements of a JSON array as their raw texts, in order ({@link #rawFields} for arrays).
     *
     * @throws InvalidBodyException when the text is not an array
     */
    public static List<String> rawElements(String arrayText) {
        ObjectKeyedTable reader = new ObjectKeyedTable(arrayText);
        try {
            List<String> elements = new ArrayList<>();
            reader.expect('[');
            while (!reader.peek(']')) {
                elements.add(reader.value());
                if (!reader.peek(']')) {
                    reader.expect(',');
                }
            }
            return elements;
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw new InvalidBodyException("malformed array: " + e.getMessage(), e);
        }
    }

    private List<Map.Entry<JsonElement, JsonElement>> readTable(String field) {
        expect('{');
        while (!peek('}')) {
            String name = JsonParser.parseString(value()).getAsString();
            expect(':');
            if (name.equals(field)) {
                return entries();
            }
            value();
            if (!peek('}')) {
                expect(',');
            }
        }
        return List.of();
    }

    private List<Map.Entry<JsonElement, JsonElement>> entries() {
        List<Map.Entry<JsonElement, JsonElement>> entries = new ArrayList<>();
        expect('{');
        while (!peek('}')) {
            JsonElement key = JsonParser.parseString(value());
            expect(':');
            JsonElement value = JsonParser.parseString(value());
            entries.add(new AbstractMap.SimpleImmutableEntry<>(key, value));
            if (!peek('}')) {
                expect(',');
            }
        }
        expect('}');
        return entries;
    }

    /** The text of the next value: an object, array, string or bare token. */
    private String value() {
        skipSpace();
        int start = at;
        char first = text.charAt(at);
        if (first == '"') {
            skipString();
        } else if (first == '{' || first == '[') {
            int depth = 0;
            do {
                char c = text.charAt(at);
                if (c == '"') {
                    skipString();
                    continue;
                }
                if (c == '{' || c == '[') {
                    depth++;
                } else if (c == '}' || c == ']') {
                    depth--;
                }
                at++;
            } while (depth > 0);
        } else {
            while (at < text.length() && ",:}] \t\r\n".indexOf(text.charAt(at)) < 0) {
                at++;
            }
        }
        if (at == start) {
            throw new IllegalStateException("a value was expected at " + start);
        }
        return text.substring(start, at);
    }

    private void skipString() {
        at++;
        while (text.charAt(at) != '"') {
            at += text.charAt(at) == '\\' ? 2 : 1;
        }
        at++;
    }

    private boolean peek(char c) {
        skipSpace();
        return text.charAt(at) == c;
    }

    private void expect(char c) {
        skipSpace();
        if (text.charAt(at) != c) {
            throw new IllegalStateException("'" + c + "' expected at " + at + ", found '" + text.charAt(at) + "'");
        }
        at++;
    }

    private void skipSpace() {
        while (Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }
}

package io.hexmq.client.internal;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.hexmq.client.HexmqClientException;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads one table of a body that fastjson wrote with objects as keys, which standard JSON (and Gson)
 * cannot read: {@code {"offsetTable":{{"brokerName":"b","queueId":0,"topic":"T"}:{"maxOffset":5},...}}}
 * (TopicStatsTable, ConsumeStats). The scanner cuts the table into key and value texts, minding
 * strings and nesting, and Gson parses each. Plain string keys parse too.
 */
final class ObjectKeyedTable {

    private final String text;
    private int at;

    private ObjectKeyedTable(String text) {
        this.text = text;
    }

    /** The entries of top-level field {@code field}, in order; none when the field is absent. */
    static List<Map.Entry<JsonElement, JsonElement>> read(byte[] body, String field) {
        ObjectKeyedTable reader = new ObjectKeyedTable(new String(body, StandardCharsets.UTF_8));
        try {
            return reader.readTable(field);
        } catch (IllegalStateException | IndexOutOfBoundsException | JsonParseException e) {
            throw Bodies.malformed("'" + field + "' table", e);
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

package io.hexmq.adapters.netty.broker;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reading and writing the broker's JSON bodies with Gson. Writers put keys in fastjson's order
 * (alphabetical) and leave out what hexmq does not know, so the official classes keep their defaults
 * for it. Readers are lenient as fastjson is: absent fields take the official class defaults.
 */
final class Json {

    private Json() {
    }

    @FunctionalInterface
    interface Body {
        void writeTo(JsonWriter json) throws IOException;
    }

    static byte[] write(Body body) {
        return writeString(body).getBytes(StandardCharsets.UTF_8);
    }

    static String writeString(Body body) {
        StringWriter text = new StringWriter();
        try (JsonWriter json = new JsonWriter(text)) {
            json.setHtmlSafe(false);
            body.writeTo(json);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory cannot fail", e);
        }
        return text.toString();
    }

    /** A JSON string literal, quoted and escaped. */
    static String quote(String value) {
        return new JsonPrimitive(value).toString();
    }

    /**
     * fastjson's way of writing a map whose keys are objects, such as the {@code Map<MessageQueue, ...>}
     * tables of ConsumeStats, TopicStatsTable and ResetOffsetBody: each key is written as a JSON object
     * where a name belongs, {@code {{"brokerName":"b","queueId":0,"topic":"T"}:5}}. Not JSON, but what the
     * official classes decode (fastjson reads it back into the key objects).
     */
    static <K, V> String objectKeyedMap(Map<K, V> entries, Function<K, String> keyJson, Function<V, String> valueJson) {
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

    static JsonObject parseObject(byte[] body, String what) {
        if (body.length == 0) {
            throw new InvalidBodyException(what + " body is missing");
        }
        try {
            JsonElement root = JsonParser.parseString(new String(body, StandardCharsets.UTF_8));
            if (!root.isJsonObject()) {
                throw new InvalidBodyException(what + " body is not a JSON object");
            }
            return root.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new InvalidBodyException(what + " body is not JSON: " + e.getMessage(), e);
        }
    }

    static Optional<String> string(JsonObject json, String field) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? Optional.empty() : Optional.of(value.getAsString());
    }

    static String requiredString(JsonObject json, String field, String what) {
        return string(json, field).orElseThrow(() -> new InvalidBodyException(what + " lacks " + field));
    }

    static int intOr(JsonObject json, String field, int absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsInt();
    }

    static long longOr(JsonObject json, String field, long absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsLong();
    }

    static boolean booleanOr(JsonObject json, String field, boolean absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsBoolean();
    }

    /** The elements of an array field; none when it is absent or null. */
    static List<JsonElement> array(JsonObject json, String field) {
        JsonElement value = json.get(field);
        if (value == null || value.isJsonNull()) {
            return List.of();
        }
        if (!value.isJsonArray()) {
            throw new InvalidBodyException(field + " is not a JSON array");
        }
        JsonArray array = value.getAsJsonArray();
        List<JsonElement> elements = new ArrayList<>(array.size());
        array.forEach(elements::add);
        return elements;
    }

    static JsonObject object(JsonElement element, String what) {
        if (element == null || !element.isJsonObject()) {
            throw new InvalidBodyException(what + " is not a JSON object");
        }
        return element.getAsJsonObject();
    }
}

package io.hexmq.adapters.netty.namesrv;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.stream.JsonWriter;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicName;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;

/**
 * The small NameServer bodies whose JSON is standard, written with Gson's {@link JsonWriter} in the
 * key order fastjson uses (alphabetical), null fields left out:
 * <ul>
 *   <li>TopicList {@code {"topicList":["T1","T2"]}}</li>
 *   <li>KVTable {@code {"table":{"k":"v"}}}</li>
 *   <li>DataVersion {@code {"counter":3,"stateVersion":0,"timestamp":1700000000000}}</li>
 * </ul>
 */
final class NameServerBodies {

    private NameServerBodies() {
    }

    static byte[] topicList(Collection<TopicName> topics) {
        return write(json -> {
            json.beginObject().name("topicList").beginArray();
            for (TopicName topic : topics) {
                json.value(topic.value());
            }
            json.endArray().endObject();
        });
    }

    static byte[] kvTable(Map<String, String> table) {
        return write(json -> {
            json.beginObject().name("table").beginObject();
            for (Map.Entry<String, String> entry : table.entrySet()) {
                json.name(entry.getKey()).value(entry.getValue());
            }
            json.endObject().endObject();
        });
    }

    static byte[] dataVersion(DataVersion version) {
        return write(json -> writeDataVersion(json, version));
    }

    static void writeDataVersion(JsonWriter json, DataVersion version) throws IOException {
        json.beginObject()
                .name("counter").value(version.counter())
                .name("stateVersion").value(version.stateVersion())
                .name("timestamp").value(version.timestamp())
                .endObject();
    }

    /** Reads a DataVersion body; 4.x brokers send no {@code stateVersion}, absent parts read as 0. */
    static DataVersion parseDataVersion(byte[] body) {
        return dataVersion(parseObject(body, "DataVersion"));
    }

    static DataVersion dataVersion(JsonObject json) {
        try {
            return new DataVersion(longOr(json, "timestamp", 0), longOr(json, "counter", 0),
                    longOr(json, "stateVersion", 0));
        } catch (RuntimeException e) {
            throw new InvalidBodyException("malformed DataVersion " + json + ": " + e.getMessage(), e);
        }
    }

    static long longOr(JsonObject json, String field, long absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsLong();
    }

    /**
     * Parses a JSON object leniently, as fastjson would: bodies written by fastjson may hold unquoted
     * numeric keys (e.g. in 5.x static-topic mappings) that strict JSON refuses.
     */
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

    @FunctionalInterface
    interface JsonBody {
        void writeTo(JsonWriter json) throws IOException;
    }

    static byte[] write(JsonBody body) {
        StringWriter text = new StringWriter();
        try (JsonWriter json = new JsonWriter(text)) {
            body.writeTo(json);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory cannot fail", e);
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }
}

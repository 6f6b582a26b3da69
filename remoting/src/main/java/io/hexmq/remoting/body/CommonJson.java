package io.hexmq.remoting.body;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.stream.JsonWriter;
import io.hexmq.domain.topic.DataVersion;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The small bodies several requests share, written in the key order fastjson uses (alphabetical):
 * <ul>
 *   <li>TopicList {@code {"topicList":["T1","T2"]}}, from a broker {@code {"brokerAddr":"h:p","topicList":[..]}}</li>
 *   <li>KVTable {@code {"table":{"k":"v"}}}</li>
 *   <li>GetConsumerListByGroupResponseBody {@code {"consumerIdList":["ip@1","ip@2"]}}</li>
 *   <li>DataVersion {@code {"counter":3,"stateVersion":0,"timestamp":1700000000000}}</li>
 * </ul>
 */
public final class CommonJson {

    private CommonJson() {
    }

    public static byte[] topicList(Iterable<String> topics) {
        return JsonBodies.write(json -> writeNames(json.beginObject().name("topicList"), topics).endObject());
    }

    /** A broker's topic list: its address tells an admin that merges several lists where each came from. */
    public static byte[] topicList(String brokerAddress, Iterable<String> topics) {
        return JsonBodies.write(json -> writeNames(json.beginObject().name("brokerAddr").value(brokerAddress)
                .name("topicList"), topics).endObject());
    }

    public static Set<String> readTopicList(byte[] body) {
        return new LinkedHashSet<>(readNames(body, "TopicList", "topicList"));
    }

    public static byte[] kvTable(Map<String, String> table) {
        return JsonBodies.write(json -> {
            json.beginObject().name("table").beginObject();
            for (Map.Entry<String, String> entry : table.entrySet()) {
                json.name(entry.getKey()).value(entry.getValue());
            }
            json.endObject().endObject();
        });
    }

    /** The table of a KVTable body, in its order, null values left out; empty when there is no body or table. */
    public static Optional<Map<String, String>> readKvTable(byte[] body) {
        if (body == null || body.length == 0) {
            return Optional.empty();
        }
        JsonElement table = JsonBodies.parseObject(body, "KVTable").get("table");
        if (table == null || table.isJsonNull()) {
            return Optional.empty();
        }
        Map<String, String> entries = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, JsonElement> entry : JsonBodies.object(table, "KVTable.table").entrySet()) {
                if (!entry.getValue().isJsonNull()) {
                    entries.put(entry.getKey(), entry.getValue().getAsString());
                }
            }
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw new InvalidBodyException("malformed KVTable: " + e.getMessage(), e);
        }
        return Optional.of(entries);
    }

    public static byte[] consumerIdList(Iterable<String> clientIds) {
        return JsonBodies.write(json -> writeNames(json.beginObject().name("consumerIdList"), clientIds).endObject());
    }

    public static List<String> readConsumerIdList(byte[] body) {
        return readNames(body, "GetConsumerListByGroupResponseBody", "consumerIdList");
    }

    public static void writeDataVersion(JsonWriter json, DataVersion version) throws IOException {
        json.beginObject()
                .name("counter").value(version.counter())
                .name("stateVersion").value(version.stateVersion())
                .name("timestamp").value(version.timestamp())
                .endObject();
    }

    public static byte[] dataVersion(DataVersion version) {
        return JsonBodies.write(json -> writeDataVersion(json, version));
    }

    /** A DataVersion; 4.x brokers send no {@code stateVersion}, absent parts read as 0. */
    public static DataVersion readDataVersion(JsonObject json) {
        try {
            return new DataVersion(JsonBodies.longOr(json, "timestamp", 0), JsonBodies.longOr(json, "counter", 0),
                    JsonBodies.longOr(json, "stateVersion", 0));
        } catch (RuntimeException e) {
            throw new InvalidBodyException("malformed DataVersion " + json + ": " + e.getMessage(), e);
        }
    }

    /** The strings of the array {@code field} of body {@code what}; none when it is absent. */
    private static List<String> readNames(byte[] body, String what, String field) {
        List<String> names = new ArrayList<>();
        try {
            JsonBodies.array(JsonBodies.parseObject(body, what), field).forEach(name -> names.add(name.getAsString()));
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw new InvalidBodyException("malformed " + what + ": " + e.getMessage(), e);
        }
        return names;
    }

    /** {@code names} as a JSON array of strings, after the field name the caller wrote. */
    private static JsonWriter writeNames(JsonWriter json, Iterable<String> names) throws IOException {
        json.beginArray();
        for (String name : names) {
            json.value(name);
        }
        return json.endArray();
    }
}

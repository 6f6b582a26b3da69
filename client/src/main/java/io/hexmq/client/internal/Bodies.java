package io.hexmq.client.internal;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.stream.JsonWriter;
import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerQueues;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON bodies the client reads and writes, with Gson. Reading is lenient as fastjson is: unquoted
 * numeric keys ({@code "brokerAddrs":{0:"host:port"}}, the legacy route flavour) parse, and absent
 * fields take RocketMQ's defaults. The MessageQueue-keyed tables are read by {@link ObjectKeyedTable}.
 *
 * <pre>
 * TopicRouteData {"brokerDatas":[{"brokerAddrs":{"0":"h:p"},"brokerName":..,"cluster":..}],
 *                 "queueDatas":[{"brokerName":..,"perm":6,"readQueueNums":4,"topicSysFlag":0,"writeQueueNums":4}]}
 * ClusterInfo    {"brokerAddrTable":{"b":BrokerData},"clusterAddrTable":{"DefaultCluster":["b"]}}
 * TopicList      {"topicList":["T1","T2"]}
 * KVTable        {"table":{"k":"v"}}
 * HeartbeatData  {"clientID":"ip@inst","consumerDataSet":[..],"producerDataSet":[{"groupName":"pg"}]}
 * </pre>
 */
final class Bodies {

    /** A ClusterInfo body: broker groups by name, broker names by cluster. */
    record ClusterInfo(Map<String, BrokerGroup> brokers, Map<String, List<String>> clusters) {
    }

    private Bodies() {
    }

    static TopicRoute topicRoute(byte[] body) {
        JsonObject root = parseObject(body, "TopicRouteData");
        try {
            List<BrokerQueues> queues = new ArrayList<>();
            for (JsonElement element : array(root, "queueDatas")) {
                JsonObject queue = element.getAsJsonObject();
                queues.add(new BrokerQueues(string(queue, "brokerName"), intOr(queue, "readQueueNums", 0),
                        intOr(queue, "writeQueueNums", 0), intOr(queue, "perm", 6),
                        intOr(queue, "topicSysFlag", intOr(queue, "topicSynFlag", 0))));
            }
            List<BrokerGroup> brokers = new ArrayList<>();
            for (JsonElement element : array(root, "brokerDatas")) {
                brokers.add(brokerGroup(element.getAsJsonObject()));
            }
            return new TopicRoute(queues, brokers);
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw malformed("TopicRouteData", e);
        }
    }

    static ClusterInfo clusterInfo(byte[] body) {
        JsonObject root = parseObject(body, "ClusterInfo");
        try {
            Map<String, BrokerGroup> brokers = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> entry : object(root, "brokerAddrTable").entrySet()) {
                brokers.put(entry.getKey(), brokerGroup(entry.getValue().getAsJsonObject()));
            }
            Map<String, List<String>> clusters = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> entry : object(root, "clusterAddrTable").entrySet()) {
                List<String> names = new ArrayList<>();
                entry.getValue().getAsJsonArray().forEach(name -> names.add(name.getAsString()));
                clusters.put(entry.getKey(), names);
            }
            return new ClusterInfo(brokers, clusters);
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw malformed("ClusterInfo", e);
        }
    }

    static Set<String> topicList(byte[] body) {
        Set<String> topics = new LinkedHashSet<>();
        array(parseObject(body, "TopicList"), "topicList").forEach(topic -> topics.add(topic.getAsString()));
        return topics;
    }

    static Map<String, String> kvTable(byte[] body) {
        Map<String, String> table = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> entry : object(parseObject(body, "KVTable"), "table").entrySet()) {
            table.put(entry.getKey(), entry.getValue().isJsonNull() ? null : entry.getValue().getAsString());
        }
        return table;
    }

    /** ResetOffsetBody {@code {"offsetTable":{{MessageQueue}:offset}}} (fastjson's object keys). */
    static Map<MessageQueue, Long> resetOffsetTable(byte[] body) {
        Map<MessageQueue, Long> table = new LinkedHashMap<>();
        for (Map.Entry<JsonElement, JsonElement> entry : ObjectKeyedTable.read(body, "offsetTable")) {
            try {
                table.put(messageQueue(entry.getKey().getAsJsonObject()), entry.getValue().getAsLong());
            } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
                throw malformed("ResetOffsetBody", e);
            }
        }
        return table;
    }

    /** A MessageQueue as the admin tables write it: {@code {"brokerName":..,"queueId":..,"topic":..}}. */
    static MessageQueue messageQueue(JsonObject json) {
        try {
            return new MessageQueue(string(json, "topic"), string(json, "brokerName"), intOr(json, "queueId", 0));
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException
                 | NullPointerException e) {
            throw malformed("MessageQueue", e);
        }
    }

    static byte[] heartbeat(String clientId, Set<String> producerGroups, List<ConsumerRegistration> consumers) {
        return write(json -> {
            json.beginObject().name("clientID").value(clientId).name("consumerDataSet").beginArray();
            for (ConsumerRegistration consumer : consumers) {
                consumer.writeTo(json);
            }
            json.endArray().name("producerDataSet").beginArray();
            for (String group : producerGroups) {
                json.beginObject().name("groupName").value(group).endObject();
            }
            json.endArray().endObject();
        });
    }

    private static BrokerGroup brokerGroup(JsonObject json) {
        Map<Long, String> addresses = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> member : object(json, "brokerAddrs").entrySet()) {
            addresses.put(Long.parseLong(member.getKey().trim()), member.getValue().getAsString());
        }
        return new BrokerGroup(json.has("cluster") ? string(json, "cluster") : "", string(json, "brokerName"),
                addresses);
    }

    @FunctionalInterface
    interface JsonBody {
        void writeTo(JsonWriter json) throws IOException;
    }

    static byte[] write(JsonBody body) {
        return text(body).getBytes(StandardCharsets.UTF_8);
    }

    /** The JSON text of {@code body}, for a piece that goes into a larger body as it is. */
    static String text(JsonBody body) {
        StringWriter text = new StringWriter();
        try (JsonWriter json = new JsonWriter(text)) {
            json.setHtmlSafe(false);
            body.writeTo(json);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory cannot fail", e);
        }
        return text.toString();
    }

    static JsonObject parseObject(byte[] body, String what) {
        if (body.length == 0) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, what + " body is missing");
        }
        try {
            JsonElement root = JsonParser.parseString(new String(body, StandardCharsets.UTF_8));
            if (!root.isJsonObject()) {
                throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, what + " body is not a JSON object");
            }
            return root.getAsJsonObject();
        } catch (JsonParseException e) {
            throw malformed(what, e);
        }
    }

    static String string(JsonObject json, String field) {
        JsonElement value = json.get(field);
        if (value == null || value.isJsonNull()) {
            throw new IllegalStateException("field " + field + " is missing");
        }
        return value.getAsString();
    }

    static int intOr(JsonObject json, String field, int absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsInt();
    }

    static long longOr(JsonObject json, String field, long absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsLong();
    }

    private static JsonArray array(JsonObject json, String field) {
        JsonElement value = json.get(field);
        return value == null || !value.isJsonArray() ? new JsonArray() : value.getAsJsonArray();
    }

    private static JsonObject object(JsonObject json, String field) {
        JsonElement value = json.get(field);
        return value == null || !value.isJsonObject() ? new JsonObject() : value.getAsJsonObject();
    }

    static HexmqClientException malformed(String what, Exception cause) {
        return new HexmqClientException(HexmqClientException.CLIENT_ERROR, "malformed " + what + " body: "
                + cause.getMessage(), cause);
    }
}

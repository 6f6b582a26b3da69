package io.hexmq.adapters.netty.namesrv;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.JsonBodies;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the body of REGISTER_BROKER in its three shapes:
 * <ul>
 *   <li>RegisterBrokerBody JSON (brokers from V3_0_11 on, {@code compressed=false}):
 *       {@code {"filterServerList":[..],"topicConfigSerializeWrapper":{"dataVersion":{..},"topicConfigTable":{..}}}};
 *       the 5.x static-topic keys of the wrapper are ignored;</li>
 *   <li>the deflate format of {@link CompressedRegisterBrokerBodyLayout} ({@code compressed=true});</li>
 *   <li>a bare TopicConfigSerializeWrapper {@code {"dataVersion":{..},"topicConfigTable":{..}}} (brokers
 *       older than V3_0_11).</li>
 * </ul>
 * Topic names are taken with {@link TopicName#reportedByBroker}, since brokers name topics after
 * themselves. A TopicConfig's missing fields take the official class defaults (16/16 queues, perm 6).
 */
final class RegisterBrokerBodyParser {

    private RegisterBrokerBodyParser() {
    }

    static BrokerRegistrationBody parse(byte[] body, boolean compressed) {
        if (body.length == 0) {
            return BrokerRegistrationBody.EMPTY;
        }
        if (compressed) {
            return CompressedRegisterBrokerBodyLayout.decode(body);
        }
        JsonObject root = JsonBodies.parseObject(body, "RegisterBrokerBody");
        try {
            JsonObject wrapper = JsonBodies.objectOrEmpty(root, "topicConfigSerializeWrapper");
            return new BrokerRegistrationBody(dataVersionOf(wrapper), topicConfigsOf(wrapper),
                    filterServers(root.get("filterServerList")));
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw new InvalidBodyException("malformed RegisterBrokerBody: " + e.getMessage(), e);
        }
    }

    /** The body of a broker older than V3_0_11: the topic-config wrapper alone, never compressed. */
    static BrokerRegistrationBody parseBareWrapper(byte[] body) {
        if (body.length == 0) {
            return BrokerRegistrationBody.EMPTY;
        }
        JsonObject wrapper = JsonBodies.parseObject(body, "TopicConfigSerializeWrapper");
        try {
            return new BrokerRegistrationBody(dataVersionOf(wrapper), topicConfigsOf(wrapper), List.of());
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw new InvalidBodyException("malformed TopicConfigSerializeWrapper: " + e.getMessage(), e);
        }
    }

    private static DataVersion dataVersionOf(JsonObject wrapper) {
        JsonObject version = JsonBodies.objectOrEmpty(wrapper, "dataVersion");
        return CommonJson.readDataVersion(version);
    }

    private static List<TopicConfig> topicConfigsOf(JsonObject wrapper) {
        // A map in the broker: the same name twice cannot happen, and if it did the last one would win.
        Map<TopicName, TopicConfig> byName = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> entry : JsonBodies.objectOrEmpty(wrapper, "topicConfigTable").entrySet()) {
            if (!entry.getValue().isJsonObject()) {
                throw new InvalidBodyException("topic config of '" + entry.getKey() + "' is not a JSON object");
            }
            TopicConfig config = topicConfig(entry.getKey(), entry.getValue().getAsJsonObject());
            byName.put(config.name(), config);
        }
        return List.copyOf(byName.values());
    }

    private static TopicConfig topicConfig(String key, JsonObject json) {
        try {
            JsonElement name = json.get("topicName");
            String topic = name == null || name.isJsonNull() ? key : name.getAsString();
            return new TopicConfig(TopicName.reportedByBroker(topic),
                    JsonBodies.intOr(json, "readQueueNums", TopicConfig.DEFAULT_QUEUE_NUMS),
                    JsonBodies.intOr(json, "writeQueueNums", TopicConfig.DEFAULT_QUEUE_NUMS),
                    new Permission(JsonBodies.intOr(json, "perm", Permission.READ_WRITE.bits())),
                    filterType(json.get("topicFilterType")),
                    JsonBodies.intOr(json, "topicSysFlag", 0),
                    json.has("order") && !json.get("order").isJsonNull() && json.get("order").getAsBoolean(),
                    attributes(json.get("attributes")));
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException
                 | ClassCastException e) {
            throw new InvalidBodyException("malformed topic config '" + key + "': " + e.getMessage(), e);
        }
    }

    static TopicFilterType filterType(JsonElement value) {
        if (value == null || value.isJsonNull()) {
            return TopicFilterType.SINGLE_TAG;
        }
        return filterType(value.getAsString());
    }

    static TopicFilterType filterType(String name) {
        try {
            return TopicFilterType.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new InvalidBodyException("unknown topicFilterType '" + name + "'", e);
        }
    }

    static Map<String, String> attributes(JsonElement value) {
        Map<String, String> attributes = new TreeMap<>();
        if (value != null && value.isJsonObject()) {
            for (Map.Entry<String, JsonElement> entry : value.getAsJsonObject().entrySet()) {
                if (!entry.getValue().isJsonNull()) {
                    attributes.put(entry.getKey(), entry.getValue().getAsString());
                }
            }
        }
        return attributes;
    }

    static List<BrokerAddress> filterServers(JsonElement value) {
        if (value == null || value.isJsonNull()) {
            return List.of();
        }
        if (!value.isJsonArray()) {
            throw new InvalidBodyException("filterServerList is not a JSON array");
        }
        JsonArray array = value.getAsJsonArray();
        List<BrokerAddress> servers = new ArrayList<>(array.size());
        for (JsonElement server : array) {
            servers.add(new BrokerAddress(server.getAsString()));
        }
        return servers;
    }
}

package io.hexmq.adapters.netty.broker;

import com.google.gson.JsonObject;
import com.google.gson.stream.JsonWriter;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import java.io.IOException;
import java.util.Map;

/**
 * The value shapes several broker bodies share, written as the official broker writes them:
 * <ul>
 *   <li>MessageQueue {@code {"brokerName":"broker-a","queueId":0,"topic":"T"}}</li>
 *   <li>DataVersion {@code {"counter":3,"stateVersion":0,"timestamp":1700000000000}}</li>
 *   <li>TopicConfig {@code {"attributes":{},"order":false,"perm":6,"readQueueNums":4,
 *       "topicFilterType":"SINGLE_TAG","topicName":"T","topicSysFlag":0,"writeQueueNums":4}}</li>
 *   <li>TopicConfigSerializeWrapper {@code {"dataVersion":{..},"topicConfigTable":{"T":{TopicConfig}}}}</li>
 * </ul>
 */
final class BrokerBodies {

    private BrokerBodies() {
    }

    static void writeMessageQueue(JsonWriter json, MessageQueue queue) throws IOException {
        json.beginObject()
                .name("brokerName").value(queue.brokerName().value())
                .name("queueId").value(queue.queueId())
                .name("topic").value(queue.topic().value())
                .endObject();
    }

    static String messageQueue(MessageQueue queue) {
        return Json.writeString(json -> writeMessageQueue(json, queue));
    }

    static MessageQueue parseMessageQueue(JsonObject json) {
        try {
            return new MessageQueue(new TopicName(Json.requiredString(json, "topic", "MessageQueue")),
                    new BrokerName(Json.requiredString(json, "brokerName", "MessageQueue")),
                    Json.intOr(json, "queueId", 0));
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new InvalidBodyException("malformed MessageQueue " + json + ": " + e.getMessage(), e);
        }
    }

    static void writeDataVersion(JsonWriter json, DataVersion version) throws IOException {
        json.beginObject()
                .name("counter").value(version.counter())
                .name("stateVersion").value(version.stateVersion())
                .name("timestamp").value(version.timestamp())
                .endObject();
    }

    static String dataVersion(DataVersion version) {
        return Json.writeString(json -> writeDataVersion(json, version));
    }

    static void writeTopicConfig(JsonWriter json, TopicConfig config) throws IOException {
        json.beginObject().name("attributes").beginObject();
        for (Map.Entry<String, String> attribute : config.attributes().entrySet()) {
            json.name(attribute.getKey()).value(attribute.getValue());
        }
        json.endObject()
                .name("order").value(config.order())
                .name("perm").value(config.permission().bits())
                .name("readQueueNums").value(config.readQueueNums())
                .name("topicFilterType").value(config.filterType().name())
                .name("topicName").value(config.name().value())
                .name("topicSysFlag").value(config.topicSysFlag())
                .name("writeQueueNums").value(config.writeQueueNums())
                .endObject();
    }

    static void writeTopicConfigWrapper(JsonWriter json, DataVersion version, Iterable<TopicConfig> configs)
            throws IOException {
        json.beginObject().name("dataVersion");
        writeDataVersion(json, version);
        json.name("topicConfigTable").beginObject();
        for (TopicConfig config : configs) {
            json.name(config.name().value());
            writeTopicConfig(json, config);
        }
        json.endObject().endObject();
    }

    /**
     * GET_TOPIC_CONFIG's body, TopicConfigAndQueueMapping: a TopicConfig plus {@code mappingDetail}, which
     * only static topics have and hexmq has none of, so it stays out as the official broker leaves a null.
     */
    static byte[] topicConfig(TopicConfig config) {
        return Json.write(json -> writeTopicConfig(json, config));
    }

    /** GET_ALL_TOPIC_CONFIG's body. */
    static byte[] topicConfigWrapper(TopicConfigTable table) {
        return Json.write(json -> writeTopicConfigWrapper(json, table.dataVersion(), table.configs()));
    }
}

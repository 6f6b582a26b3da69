package io.hexmq.adapters.netty.broker;

import com.google.gson.stream.JsonWriter;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.JsonBodies;
import java.io.IOException;
import java.util.Map;

/**
 * The value shapes several broker bodies share, written as the official broker writes them:
 * <ul>
 *   <li>MessageQueue and DataVersion, mapped to {@link ConsumerJson} and {@link CommonJson}</li>
 *   <li>TopicConfig {@code {"attributes":{},"order":false,"perm":6,"readQueueNums":4,
 *       "topicFilterType":"SINGLE_TAG","topicName":"T","topicSysFlag":0,"writeQueueNums":4}}</li>
 *   <li>TopicConfigSerializeWrapper {@code {"dataVersion":{..},"topicConfigTable":{"T":{TopicConfig}}}}</li>
 * </ul>
 */
final class BrokerBodies {

    private BrokerBodies() {
    }

    /** The queue in the wire's terms ({@link ConsumerJson.Queue}). */
    static ConsumerJson.Queue wire(MessageQueue queue) {
        return new ConsumerJson.Queue(queue.topic().value(), queue.brokerName().value(), queue.queueId());
    }

    static MessageQueue messageQueue(ConsumerJson.Queue queue) {
        return new MessageQueue(new TopicName(queue.topic()), new BrokerName(queue.brokerName()), queue.queueId());
    }

    static String dataVersion(DataVersion version) {
        return JsonBodies.text(json -> CommonJson.writeDataVersion(json, version));
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
        CommonJson.writeDataVersion(json, version);
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
        return JsonBodies.write(json -> writeTopicConfig(json, config));
    }

    /** GET_ALL_TOPIC_CONFIG's body. */
    static byte[] topicConfigWrapper(TopicConfigTable table) {
        return JsonBodies.write(json -> writeTopicConfigWrapper(json, table.dataVersion(), table.configs()));
    }
}

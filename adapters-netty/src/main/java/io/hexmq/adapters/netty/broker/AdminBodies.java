package io.hexmq.adapters.netty.broker;

import com.google.gson.JsonObject;
import com.google.gson.stream.JsonWriter;
import io.hexmq.application.consumer.GetBrokerConsumeStats;
import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.application.topic.GetTopicStats;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.JsonBodies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The bodies of the admin codes (what {@code mqadmin} and DefaultMQAdminExt read and send):
 * <ul>
 *   <li>SubscriptionGroupConfig (UPDATE_AND_CREATE_SUBSCRIPTIONGROUP's request, GET_SUBSCRIPTIONGROUP_CONFIG's
 *       response) and SubscriptionGroupWrapper
 *       {@code {"dataVersion":{..},"subscriptionGroupTable":{"CG":{SubscriptionGroupConfig}}}}</li>
 *   <li>TopicStatsTable {@code {"offsetTable":{{MessageQueue}:{"lastUpdateTimestamp":..,"maxOffset":..,
 *       "minOffset":..}}}}</li>
 *   <li>ConsumeStats {@code {"consumeTps":..,"offsetTable":{{MessageQueue}:{"brokerOffset":..,"consumerOffset":..,
 *       "pullOffset":..,"lastTimestamp":..}}}}</li>
 *   <li>ResetOffsetBody {@code {"offsetTable":{{MessageQueue}:offset}}}</li>
 *   <li>ConsumerOffsetSerializeWrapper {@code {"offsetTable":{"topic@group":{"0":5}}}}</li>
 *   <li>GroupList {@code {"groupList":["CG1","CG2"]}} and a broker's TopicList
 *       {@code {"brokerAddr":"10.0.0.1:10911","topicList":["T1","T2"]}}</li>
 * </ul>
 * The MessageQueue-keyed tables use fastjson's object-key form ({@link ConsumerJson#offsetTable}). A
 * ConsumeStats carries {@code consumeTps}, the group's fetch rate over the last minute.
 */
final class AdminBodies {

    private AdminBodies() {
    }

    static SubscriptionGroupConfig parseSubscriptionGroupConfig(byte[] body) {
        return subscriptionGroupConfig(JsonBodies.parseObject(body, "SubscriptionGroupConfig"));
    }

    static SubscriptionGroupConfig subscriptionGroupConfig(JsonObject json) {
        try {
            SubscriptionGroupConfig defaults = SubscriptionGroupConfig.defaults(
                    new GroupName(JsonBodies.requiredString(json, "groupName", "SubscriptionGroupConfig")));
            return new SubscriptionGroupConfig(defaults.groupName(),
                    JsonBodies.booleanOr(json, "consumeEnable", defaults.consumeEnable()),
                    JsonBodies.booleanOr(json, "consumeFromMinEnable", defaults.consumeFromMinEnable()),
                    JsonBodies.booleanOr(json, "consumeBroadcastEnable", defaults.consumeBroadcastEnable()),
                    JsonBodies.booleanOr(json, "consumeMessageOrderly", defaults.consumeMessageOrderly()),
                    JsonBodies.intOr(json, "retryQueueNums", defaults.retryQueueNums()),
                    JsonBodies.intOr(json, "retryMaxTimes", defaults.retryMaxTimes()),
                    JsonBodies.longOr(json, "brokerId", defaults.brokerId()),
                    JsonBodies.longOr(json, "whichBrokerWhenConsumeSlowly", defaults.whichBrokerWhenConsumeSlowly()),
                    JsonBodies.booleanOr(json, "notifyConsumerIdsChangedEnable", defaults.notifyConsumerIdsChangedEnable()),
                    JsonBodies.intOr(json, "groupSysFlag", defaults.groupSysFlag()),
                    JsonBodies.intOr(json, "consumeTimeoutMinute", defaults.consumeTimeoutMinute()));
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new InvalidBodyException("malformed SubscriptionGroupConfig: " + e.getMessage(), e);
        }
    }

    static byte[] subscriptionGroupWrapper(SubscriptionGroupTable table) {
        return JsonBodies.write(json -> {
            json.beginObject().name("dataVersion");
            CommonJson.writeDataVersion(json, table.dataVersion());
            json.name("subscriptionGroupTable").beginObject();
            for (SubscriptionGroupConfig config : table.configs()) {
                json.name(config.groupName().value());
                writeSubscriptionGroupConfig(json, config);
            }
            json.endObject().endObject();
        });
    }

    /** GET_SUBSCRIPTIONGROUP_CONFIG's body: one group's config. */
    static byte[] subscriptionGroupConfig(SubscriptionGroupConfig config) {
        return JsonBodies.write(json -> writeSubscriptionGroupConfig(json, config));
    }

    private static void writeSubscriptionGroupConfig(JsonWriter json, SubscriptionGroupConfig config)
            throws IOException {
        json.beginObject()
                .name("brokerId").value(config.brokerId())
                .name("consumeBroadcastEnable").value(config.consumeBroadcastEnable())
                .name("consumeEnable").value(config.consumeEnable())
                .name("consumeFromMinEnable").value(config.consumeFromMinEnable())
                .name("consumeMessageOrderly").value(config.consumeMessageOrderly())
                .name("consumeTimeoutMinute").value(config.consumeTimeoutMinute())
                .name("groupName").value(config.groupName().value())
                // RocketMQ's default retry policy, the only one hexmq applies: its delay levels after each failure
                .name("groupRetryPolicy").beginObject().name("type").value("CUSTOMIZED").endObject()
                .name("groupSysFlag").value(config.groupSysFlag())
                .name("notifyConsumerIdsChangedEnable").value(config.notifyConsumerIdsChangedEnable())
                .name("retryMaxTimes").value(config.retryMaxTimes())
                .name("retryQueueNums").value(config.retryQueueNums())
                .name("whichBrokerWhenConsumeSlowly").value(config.whichBrokerWhenConsumeSlowly())
                .endObject();
    }

    static byte[] groupList(Collection<GroupName> groups) {
        return JsonBodies.write(json -> {
            json.beginObject().name("groupList").beginArray();
            for (GroupName group : groups) {
                json.value(group.value());
            }
            json.endArray().endObject();
        });
    }

    /** The broker's address tells an admin that merges several brokers' lists where each topic came from. */
    static byte[] topicList(BrokerAddress brokerAddress, Collection<TopicName> topics) {
        return CommonJson.topicList(brokerAddress.value(), topics.stream().map(TopicName::value).toList());
    }

    static byte[] topicStatsTable(List<GetTopicStats.QueueStats> stats) {
        Map<MessageQueue, GetTopicStats.QueueStats> table = new LinkedHashMap<>();
        stats.forEach(queue -> table.put(queue.queue(), queue));
        return offsetTable(table, queue -> JsonBodies.text(json -> json.beginObject()
                .name("lastUpdateTimestamp").value(queue.lastUpdateTimestamp())
                .name("maxOffset").value(queue.maxOffset())
                .name("minOffset").value(queue.minOffset())
                .endObject()));
    }

    static byte[] consumeStats(List<GetConsumeStats.QueueStats> stats, double consumeTps) {
        Map<ConsumerJson.Queue, GetConsumeStats.QueueStats> table = new LinkedHashMap<>();
        stats.forEach(queue -> table.put(BrokerBodies.wire(queue.queue()), queue));
        return ConsumerJson.consumeStats(table, queue -> JsonBodies.text(json -> json.beginObject()
                .name("brokerOffset").value(queue.brokerOffset())
                .name("consumerOffset").value(queue.consumerOffset())
                .name("pullOffset").value(queue.pullOffset())
                .name("lastTimestamp").value(queue.lastTimestamp())
                .endObject()), consumeTps);
    }

    /**
     * GET_BROKER_CONSUME_STATS's body, a ConsumeStatsList: {@code {"brokerAddr":..,"consumeStatsList":[{"CG":
     * [ConsumeStats, ...]}, ...],"totalDiff":..,"totalInflightDiff":..}}, one single-entry map per group.
     */
    static byte[] consumeStatsList(BrokerAddress brokerAddress, GetBrokerConsumeStats.Result stats) {
        return JsonBodies.write(json -> {
            json.beginObject().name("brokerAddr").value(brokerAddress.value()).name("consumeStatsList").beginArray();
            for (GetBrokerConsumeStats.GroupStats group : stats.groups()) {
                json.beginObject().name(group.group().value()).beginArray();
                for (GetBrokerConsumeStats.TopicStats topic : group.topics()) {
                    json.jsonValue(new String(consumeStats(topic.queues(), topic.consumeTps()), StandardCharsets.UTF_8));
                }
                json.endArray().endObject();
            }
            json.endArray().name("totalDiff").value(stats.totalDiff())
                    .name("totalInflightDiff").value(stats.totalInflightDiff()).endObject();
        });
    }

    static byte[] resetOffsetBody(Map<MessageQueue, Long> offsets) {
        return offsetTable(offsets, String::valueOf);
    }

    private static <V> byte[] offsetTable(Map<MessageQueue, V> table, Function<V, String> value) {
        Map<ConsumerJson.Queue, V> wire = new LinkedHashMap<>();
        table.forEach((queue, entry) -> wire.put(BrokerBodies.wire(queue), entry));
        return ConsumerJson.offsetTable(wire, value);
    }

    /** GET_ALL_CONSUMER_OFFSET's body: offsets filed under {@code topic@group}, queue ids as keys. */
    static byte[] consumerOffsetWrapper(ConsumerOffsetTable table) {
        return JsonBodies.write(json -> {
            json.beginObject().name("offsetTable").beginObject();
            for (Map.Entry<TopicGroup, Map<Integer, Long>> entry : table.offsets().entrySet()) {
                json.name(entry.getKey().topic().value() + "@" + entry.getKey().group().value()).beginObject();
                for (Map.Entry<Integer, Long> queue : entry.getValue().entrySet()) {
                    json.name(Integer.toString(queue.getKey())).value(queue.getValue());
                }
                json.endObject();
            }
            json.endObject().endObject();
        });
    }
}

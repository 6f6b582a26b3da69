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
import io.hexmq.remoting.body.StatsJson;
import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bodies of the admin codes (what {@code mqadmin} and DefaultMQAdminExt read and send):
 * <ul>
 *   <li>SubscriptionGroupConfig (UPDATE_AND_CREATE_SUBSCRIPTIONGROUP's request, GET_SUBSCRIPTIONGROUP_CONFIG's
 *       response) and SubscriptionGroupWrapper
 *       {@code {"dataVersion":{..},"subscriptionGroupTable":{"CG":{SubscriptionGroupConfig}}}}</li>
 *   <li>TopicStatsTable, ConsumeStats and ConsumeStatsList, as {@link StatsJson} writes them</li>
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
        Map<ConsumerJson.Queue, StatsJson.QueueOffsets> table = new LinkedHashMap<>();
        stats.forEach(queue -> table.put(BrokerBodies.wire(queue.queue()),
                new StatsJson.QueueOffsets(queue.minOffset(), queue.maxOffset(), queue.lastUpdateTimestamp())));
        return StatsJson.topicStatsTable(table);
    }

    static byte[] consumeStats(List<GetConsumeStats.QueueStats> stats, double consumeTps) {
        return StatsJson.consumeStats(wire(stats, consumeTps));
    }

    /** GET_BROKER_CONSUME_STATS's body, a ConsumeStatsList: a ConsumeStats for each group and topic. */
    static byte[] consumeStatsList(BrokerAddress brokerAddress, GetBrokerConsumeStats.Result stats) {
        List<StatsJson.GroupStats> groups = stats.groups().stream().map(group -> new StatsJson.GroupStats(
                group.group().value(), group.topics().stream()
                        .map(topic -> wire(topic.queues(), topic.consumeTps())).toList())).toList();
        return StatsJson.consumeStatsList(new StatsJson.ConsumeStatsList(brokerAddress.value(), groups,
                stats.totalDiff(), stats.totalInflightDiff()));
    }

    private static StatsJson.ConsumeStats wire(List<GetConsumeStats.QueueStats> stats, double consumeTps) {
        Map<ConsumerJson.Queue, StatsJson.QueueProgress> table = new LinkedHashMap<>();
        stats.forEach(queue -> table.put(BrokerBodies.wire(queue.queue()), new StatsJson.QueueProgress(
                queue.brokerOffset(), queue.consumerOffset(), queue.pullOffset(), queue.lastTimestamp())));
        return new StatsJson.ConsumeStats(table, consumeTps);
    }

    static byte[] resetOffsetBody(Map<MessageQueue, Long> offsets) {
        Map<ConsumerJson.Queue, Long> wire = new LinkedHashMap<>();
        offsets.forEach((queue, offset) -> wire.put(BrokerBodies.wire(queue), offset));
        return ConsumerJson.offsetTable(wire, String::valueOf);
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

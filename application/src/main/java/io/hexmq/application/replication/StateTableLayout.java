package io.hexmq.application.replication;

import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The payload layout of the state tables a {@link GroupWrite} carries whole (see {@link GroupWrites} for the
 * field encodings). Rare writes (admin actions, new topics and groups, an offset save every few seconds), so
 * clarity over bytes.
 *
 * <pre>
 * topics  := dataVersion count:int topic{count}
 * topic   := name:text readQueueNums:int writeQueueNums:int perm:int filterType:text topicSysFlag:int
 *            order:bool attributeCount:int (key:text value:text){attributeCount}
 * groups  := dataVersion count:int group{count}
 * group   := name:text consumeEnable:bool consumeFromMinEnable:bool consumeBroadcastEnable:bool
 *            consumeMessageOrderly:bool retryQueueNums:int retryMaxTimes:int brokerId:long
 *            whichBrokerWhenConsumeSlowly:long notifyConsumerIdsChangedEnable:bool groupSysFlag:int
 *            consumeTimeoutMinute:int
 * offsets := count:int (topic:text group:text queueCount:int (queueId:int offset:long){queueCount}){count}
 * dataVersion := timestamp:long counter:long stateVersion:long
 * </pre>
 */
final class StateTableLayout {

    private StateTableLayout() {
    }

    static EntryWriter writeTopics(EntryWriter writer, TopicConfigTable table) {
        writeVersion(writer, table.dataVersion()).integer(table.topics().size());
        for (TopicConfig topic : table.topics().values()) {
            writer.text(topic.name().value()).integer(topic.readQueueNums()).integer(topic.writeQueueNums())
                    .integer(topic.permission().bits()).text(topic.filterType().name()).integer(topic.topicSysFlag())
                    .bool(topic.order()).integer(topic.attributes().size());
            new TreeMap<>(topic.attributes()).forEach((key, value) -> writer.text(key).text(value));
        }
        return writer;
    }

    static TopicConfigTable readTopics(EntryReader reader) {
        DataVersion version = readVersion(reader);
        int count = reader.integer();
        Map<TopicName, TopicConfig> topics = new HashMap<>();
        for (int i = 0; i < count; i++) {
            TopicName name = new TopicName(reader.text());
            int readQueueNums = reader.integer();
            int writeQueueNums = reader.integer();
            Permission permission = new Permission(reader.integer());
            TopicFilterType filterType = TopicFilterType.valueOf(reader.text());
            int topicSysFlag = reader.integer();
            boolean order = reader.bool();
            int attributeCount = reader.integer();
            Map<String, String> attributes = new TreeMap<>();
            for (int j = 0; j < attributeCount; j++) {
                attributes.put(reader.text(), reader.text());
            }
            topics.put(name, new TopicConfig(name, readQueueNums, writeQueueNums, permission, filterType, topicSysFlag,
                    order, attributes));
        }
        return new TopicConfigTable(topics, version);
    }

    static EntryWriter writeGroups(EntryWriter writer, SubscriptionGroupTable table) {
        writeVersion(writer, table.dataVersion()).integer(table.groups().size());
        for (SubscriptionGroupConfig group : table.groups().values()) {
            writer.text(group.groupName().value()).bool(group.consumeEnable()).bool(group.consumeFromMinEnable())
                    .bool(group.consumeBroadcastEnable()).bool(group.consumeMessageOrderly())
                    .integer(group.retryQueueNums()).integer(group.retryMaxTimes()).longValue(group.brokerId())
                    .longValue(group.whichBrokerWhenConsumeSlowly()).bool(group.notifyConsumerIdsChangedEnable())
                    .integer(group.groupSysFlag()).integer(group.consumeTimeoutMinute());
        }
        return writer;
    }

    static SubscriptionGroupTable readGroups(EntryReader reader) {
        DataVersion version = readVersion(reader);
        int count = reader.integer();
        Map<GroupName, SubscriptionGroupConfig> groups = new HashMap<>();
        for (int i = 0; i < count; i++) {
            SubscriptionGroupConfig group = new SubscriptionGroupConfig(new GroupName(reader.text()), reader.bool(),
                    reader.bool(), reader.bool(), reader.bool(), reader.integer(), reader.integer(),
                    reader.longValue(), reader.longValue(), reader.bool(), reader.integer(), reader.integer());
            groups.put(group.groupName(), group);
        }
        return new SubscriptionGroupTable(groups, version);
    }

    static EntryWriter writeOffsets(EntryWriter writer, ConsumerOffsetTable table) {
        writer.integer(table.offsets().size());
        new TreeMap<>(table.offsets()).forEach((key, queues) -> {
            writer.text(key.topic().value()).text(key.group().value()).integer(queues.size());
            new TreeMap<>(queues).forEach((queueId, offset) -> writer.integer(queueId).longValue(offset));
        });
        return writer;
    }

    static ConsumerOffsetTable readOffsets(EntryReader reader) {
        int count = reader.integer();
        Map<TopicGroup, Map<Integer, Long>> offsets = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            TopicGroup key = new TopicGroup(new TopicName(reader.text()), new GroupName(reader.text()));
            int queueCount = reader.integer();
            Map<Integer, Long> queues = new TreeMap<>();
            for (int j = 0; j < queueCount; j++) {
                queues.put(reader.integer(), reader.longValue());
            }
            offsets.put(key, queues);
        }
        return new ConsumerOffsetTable(offsets);
    }

    private static EntryWriter writeVersion(EntryWriter writer, DataVersion version) {
        return writer.longValue(version.timestamp()).longValue(version.counter()).longValue(version.stateVersion());
    }

    private static DataVersion readVersion(EntryReader reader) {
        return new DataVersion(reader.longValue(), reader.longValue(), reader.longValue());
    }
}

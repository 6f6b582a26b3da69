package io.hexmq.domain.topic;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A topic as one broker hosts it: how many queues it reads and writes, what clients may do, and its
 * flags. Brokers send their whole set of these to every NameServer when they register.
 *
 * @param attributes 5.x topic attributes (e.g. {@code +message.type=NORMAL}); an immutable copy,
 *                   sorted by key so that equal configs encode to equal bytes
 */
public record TopicConfig(
        TopicName name,
        int readQueueNums,
        int writeQueueNums,
        Permission permission,
        TopicFilterType filterType,
        int topicSysFlag,
        boolean order,
        Map<String, String> attributes) {

    /** RocketMQ's class default for both queue counts. */
    public static final int DEFAULT_QUEUE_NUMS = 16;

    public TopicConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(permission, "permission");
        Objects.requireNonNull(filterType, "filterType");
        Objects.requireNonNull(attributes, "attributes");
        if (readQueueNums < 0 || writeQueueNums < 0) {
            throw new InvalidTopicConfigException("negative queue count for topic " + name
                    + ": read " + readQueueNums + ", write " + writeQueueNums);
        }
        attributes = Collections.unmodifiableMap(new TreeMap<>(attributes));
    }

    /** An ordinary topic: single-tag, not ordered, no system flag, no attributes. */
    public static TopicConfig of(TopicName name, int readQueueNums, int writeQueueNums, Permission permission) {
        return new TopicConfig(name, readQueueNums, writeQueueNums, permission,
                TopicFilterType.SINGLE_TAG, 0, false, Map.of());
    }

    public TopicConfig withOrder(boolean newOrder) {
        return new TopicConfig(name, readQueueNums, writeQueueNums, permission, filterType, topicSysFlag, newOrder,
                attributes);
    }

    public TopicConfig withPermission(Permission newPermission) {
        return new TopicConfig(name, readQueueNums, writeQueueNums, newPermission, filterType, topicSysFlag, order,
                attributes);
    }

    /** Queue ids {@code 0 .. max(read, write) - 1} exist on this broker; a send may name any of them. */
    public boolean hasQueue(int queueId) {
        return queueId >= 0 && queueId < Math.max(readQueueNums, writeQueueNums);
    }
}

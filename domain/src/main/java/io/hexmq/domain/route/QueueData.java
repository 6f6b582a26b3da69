package io.hexmq.domain.route;

import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import java.util.Objects;

/**
 * One broker group's share of a topic in a route: how many queues clients may read and write there.
 * Producers make {@code writeQueueNums} queues of it when {@code permission} is writable, consumers
 * {@code readQueueNums} when it is readable.
 */
public record QueueData(
        BrokerName brokerName, int readQueueNums, int writeQueueNums, Permission permission, int topicSysFlag) {

    public QueueData {
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(permission, "permission");
        if (readQueueNums < 0 || writeQueueNums < 0) {
            throw new InvalidRouteDataException("negative queue count on " + brokerName);
        }
    }

    public static QueueData of(BrokerName brokerName, TopicConfig config) {
        return new QueueData(brokerName, config.readQueueNums(), config.writeQueueNums(),
                config.permission(), config.topicSysFlag());
    }

    public QueueData withPermission(Permission newPermission) {
        return new QueueData(brokerName, readQueueNums, writeQueueNums, newPermission, topicSysFlag);
    }
}

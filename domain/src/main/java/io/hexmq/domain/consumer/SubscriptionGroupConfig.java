package io.hexmq.domain.consumer;

import java.util.Objects;

/**
 * The broker's settings for one consumer group (UPDATE_AND_CREATE_SUBSCRIPTIONGROUP), with RocketMQ's
 * field names and defaults ({@link #defaults}).
 *
 * @param consumeEnable                  the group may pull at all
 * @param consumeFromMinEnable           a new group may start at a queue's min offset
 * @param consumeBroadcastEnable         the group may consume in broadcasting mode
 * @param consumeMessageOrderly          the group consumes orderly (retries then go to its DLQ sooner)
 * @param retryQueueNums                 queues of the group's {@code %RETRY%} topic
 * @param retryMaxTimes                  retries before a message goes to the group's {@code %DLQ%} topic
 * @param brokerId                       the broker the group should read from (0 = master)
 * @param whichBrokerWhenConsumeSlowly   the broker to suggest when the group falls behind
 * @param notifyConsumerIdsChangedEnable tell members when the group's membership changes
 * @param groupSysFlag                   RocketMQ's group system flag bits
 * @param consumeTimeoutMinute           how long a message may stay in consumption
 */
public record SubscriptionGroupConfig(
        GroupName groupName,
        boolean consumeEnable,
        boolean consumeFromMinEnable,
        boolean consumeBroadcastEnable,
        boolean consumeMessageOrderly,
        int retryQueueNums,
        int retryMaxTimes,
        long brokerId,
        long whichBrokerWhenConsumeSlowly,
        boolean notifyConsumerIdsChangedEnable,
        int groupSysFlag,
        int consumeTimeoutMinute) {

    public static final int DEFAULT_RETRY_QUEUE_NUMS = 1;
    public static final int DEFAULT_RETRY_MAX_TIMES = 16;
    public static final int DEFAULT_CONSUME_TIMEOUT_MINUTE = 15;

    public SubscriptionGroupConfig {
        Objects.requireNonNull(groupName, "groupName");
        if (retryQueueNums < 0) {
            throw new InvalidConsumerDataException("retryQueueNums must not be negative: " + retryQueueNums);
        }
        if (brokerId < 0 || whichBrokerWhenConsumeSlowly < 0) {
            throw new InvalidConsumerDataException("broker ids must not be negative: brokerId " + brokerId
                    + ", whichBrokerWhenConsumeSlowly " + whichBrokerWhenConsumeSlowly);
        }
    }

    /**
     * RocketMQ's defaults: consume, from min, broadcast all enabled, not orderly, 1 retry queue,
     * 16 retries, read from the master, slow consumers to broker 1, notify on membership changes,
     * no flags, 15 minutes consume timeout.
     */
    public static SubscriptionGroupConfig defaults(GroupName groupName) {
        return new SubscriptionGroupConfig(groupName, true, true, true, false, DEFAULT_RETRY_QUEUE_NUMS,
                DEFAULT_RETRY_MAX_TIMES, 0, 1, true, 0, DEFAULT_CONSUME_TIMEOUT_MINUTE);
    }
}

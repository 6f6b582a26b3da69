package io.hexmq.application.broker;

import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.SystemTopics;
import java.time.Duration;
import java.util.Objects;

/**
 * The broker settings its non-storage use cases obey, under RocketMQ's property names.
 *
 * @param brokerClusterName                   the cluster this broker registers in ({@code DefaultCluster})
 * @param brokerName                          the broker group's name; also the name of a system topic
 * @param brokerId                            0 for the master, 1 and up for slaves
 * @param brokerAddress                       {@code brokerIP1:listenPort}, announced to NameServers
 * @param haServerAddress                     {@code brokerIP2:haListenPort}
 * @param brokerPermission                    caps every topic's permission in registrations (6; 4 = read-only)
 * @param autoCreateTopicEnable               keep {@code TBW102} so producers create topics by sending
 * @param defaultTopicQueueNums               queues of {@code TBW102} (8)
 * @param clusterTopicEnable                  the cluster-name topic is readable and writable
 * @param brokerTopicEnable                   the broker-name topic is readable and writable
 * @param validateSystemTopicWhenUpdateTopic  refuse admin changes to system topics
 * @param autoCreateSubscriptionGroup         give a group that heartbeats or commits a default config
 * @param channelExpiredTimeout               drop a client silent this long (120 s)
 * @param lockMaxLiveTime                     lifetime of an orderly consumer's queue lock
 *                                            ({@code rocketmq.broker.rebalance.lockMaxLiveTime}, 60 s)
 * @param registerNameServerPeriod            how often the caller re-registers with NameServers (30 s)
 * @param flushConsumerOffsetInterval         how often the caller saves consumer offsets (5 s)
 * @param enablePropertyFilter                consumers may subscribe with SQL92 expressions, filtered on
 *                                            this broker (false, as in RocketMQ: such pulls and checks are
 *                                            answered SYSTEM_ERROR)
 */
public record BrokerSettings(
        ClusterName brokerClusterName,
        BrokerName brokerName,
        BrokerId brokerId,
        BrokerAddress brokerAddress,
        BrokerAddress haServerAddress,
        Permission brokerPermission,
        boolean autoCreateTopicEnable,
        int defaultTopicQueueNums,
        boolean clusterTopicEnable,
        boolean brokerTopicEnable,
        boolean validateSystemTopicWhenUpdateTopic,
        boolean autoCreateSubscriptionGroup,
        Duration channelExpiredTimeout,
        Duration lockMaxLiveTime,
        Duration registerNameServerPeriod,
        Duration flushConsumerOffsetInterval,
        boolean enablePropertyFilter) {

    public BrokerSettings {
        Objects.requireNonNull(brokerClusterName, "brokerClusterName");
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(brokerId, "brokerId");
        Objects.requireNonNull(brokerAddress, "brokerAddress");
        Objects.requireNonNull(haServerAddress, "haServerAddress");
        Objects.requireNonNull(brokerPermission, "brokerPermission");
        if (defaultTopicQueueNums <= 0) {
            throw new IllegalArgumentException("defaultTopicQueueNums must be positive: " + defaultTopicQueueNums);
        }
        requirePositive(channelExpiredTimeout, "channelExpiredTimeout");
        requirePositive(lockMaxLiveTime, "lockMaxLiveTime");
        requirePositive(registerNameServerPeriod, "registerNameServerPeriod");
        requirePositive(flushConsumerOffsetInterval, "flushConsumerOffsetInterval");
        // The cluster and broker names double as topic names; fail at start, not at the first registration.
        new SystemTopics(brokerClusterName.value(), brokerName.value());
    }

    /** The settings without {@code enablePropertyFilter}, which is then off (RocketMQ's default). */
    public BrokerSettings(ClusterName brokerClusterName, BrokerName brokerName, BrokerId brokerId,
            BrokerAddress brokerAddress, BrokerAddress haServerAddress, Permission brokerPermission,
            boolean autoCreateTopicEnable, int defaultTopicQueueNums, boolean clusterTopicEnable,
            boolean brokerTopicEnable, boolean validateSystemTopicWhenUpdateTopic, boolean autoCreateSubscriptionGroup,
            Duration channelExpiredTimeout, Duration lockMaxLiveTime, Duration registerNameServerPeriod,
            Duration flushConsumerOffsetInterval) {
        this(brokerClusterName, brokerName, brokerId, brokerAddress, haServerAddress, brokerPermission,
                autoCreateTopicEnable, defaultTopicQueueNums, clusterTopicEnable, brokerTopicEnable,
                validateSystemTopicWhenUpdateTopic, autoCreateSubscriptionGroup, channelExpiredTimeout,
                lockMaxLiveTime, registerNameServerPeriod, flushConsumerOffsetInterval, false);
    }

    /** The same settings with SQL92 filtering switched on or off. */
    public BrokerSettings withEnablePropertyFilter(boolean enable) {
        return new BrokerSettings(brokerClusterName, brokerName, brokerId, brokerAddress, haServerAddress,
                brokerPermission, autoCreateTopicEnable, defaultTopicQueueNums, clusterTopicEnable, brokerTopicEnable,
                validateSystemTopicWhenUpdateTopic, autoCreateSubscriptionGroup, channelExpiredTimeout, lockMaxLiveTime,
                registerNameServerPeriod, flushConsumerOffsetInterval, enable);
    }

    /**
     * The same settings with what an admin may change at run time replaced (see
     * {@link UpdateBrokerConfig}).
     */
    public BrokerSettings withLive(Permission brokerPermission, boolean autoCreateTopicEnable,
            boolean autoCreateSubscriptionGroup, boolean enablePropertyFilter) {
        return new BrokerSettings(brokerClusterName, brokerName, brokerId, brokerAddress, haServerAddress,
                brokerPermission, autoCreateTopicEnable, defaultTopicQueueNums, clusterTopicEnable, brokerTopicEnable,
                validateSystemTopicWhenUpdateTopic, autoCreateSubscriptionGroup, channelExpiredTimeout, lockMaxLiveTime,
                registerNameServerPeriod, flushConsumerOffsetInterval, enablePropertyFilter);
    }

    private static void requirePositive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + duration);
        }
    }

    /** RocketMQ's defaults for a master at {@code brokerAddress}, HA on the port after the next. */
    public static BrokerSettings defaults(ClusterName cluster, BrokerName brokerName, BrokerAddress brokerAddress,
            BrokerAddress haServerAddress) {
        return new BrokerSettings(cluster, brokerName, BrokerId.MASTER, brokerAddress, haServerAddress,
                Permission.READ_WRITE, true, 8, true, true, true, true, Duration.ofSeconds(120),
                Duration.ofSeconds(60), Duration.ofSeconds(30), Duration.ofSeconds(5), false);
    }

    public BrokerIdentity identity() {
        return new BrokerIdentity(brokerClusterName, brokerName, brokerId, brokerAddress, haServerAddress);
    }

    /** The built-in topic names of this broker (its cluster, its name, its reply topic and the fixed ones). */
    public SystemTopics systemTopics() {
        return new SystemTopics(brokerClusterName.value(), brokerName.value());
    }
}

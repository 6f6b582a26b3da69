package io.hexmq.domain.topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The topics a broker owns for itself, by name and by default config, and the names derived from
 * consumer groups ({@code %RETRY%group}, {@code %DLQ%group}).
 *
 * <p>Three sets matter and differ: the topics a broker creates at start ({@link #defaultConfigs}), the
 * system topics an admin may not create or delete ({@link #isSystemTopic}: the fixed names, anything
 * starting with {@value #SYSTEM_TOPIC_PREFIX}, and this broker's cluster, broker-name and reply topics),
 * and the topics no producer may send to ({@link #isSendForbidden}), which the broker only writes itself.
 */
public final class SystemTopics {

    /** The auto-create template producers name as their default topic. */
    public static final TopicName AUTO_CREATE_TOPIC = new TopicName("TBW102");
    /** Delayed messages wait here, one queue per delay level. */
    public static final TopicName SCHEDULE_TOPIC = new TopicName("SCHEDULE_TOPIC_XXXX");
    public static final TopicName SCHEDULE_TOPIC_V2 = new TopicName("SCHEDULE_TOPIC_XXXX_V2");
    /** Where timer messages (RocketMQ 5 {@code TIMER_DELIVER_MS}) wait; one queue. */
    public static final TopicName TIMER_TOPIC = new TopicName("rmq_sys_wheel_timer");
    /**
     * The broker's own record of which timer messages it delivered (hexmq's, not RocketMQ's); one queue.
     * Kept out of the topic table: it has no route, so no client can pull it, and it is never user traffic.
     */
    public static final TopicName TIMER_DELIVERED_TOPIC = new TopicName("rmq_sys_wheel_timer_delivered");
    public static final TopicName BENCHMARK_TOPIC = new TopicName("BenchmarkTest");
    public static final TopicName TRANS_HALF_TOPIC = new TopicName("RMQ_SYS_TRANS_HALF_TOPIC");
    public static final TopicName TRANS_OP_HALF_TOPIC = new TopicName("RMQ_SYS_TRANS_OP_HALF_TOPIC");
    public static final TopicName TRANS_CHECK_MAX_TIME_TOPIC = new TopicName("TRANS_CHECK_MAX_TIME_TOPIC");
    public static final TopicName TRACE_TOPIC = new TopicName("RMQ_SYS_TRACE_TOPIC");
    public static final TopicName SELF_TEST_TOPIC = new TopicName("SELF_TEST_TOPIC");
    public static final TopicName OFFSET_MOVED_EVENT = new TopicName("OFFSET_MOVED_EVENT");

    public static final String SYSTEM_TOPIC_PREFIX = "rmq_sys_";
    public static final String REPLY_TOPIC_SUFFIX = "_REPLY_TOPIC";
    public static final String RETRY_TOPIC_PREFIX = "%RETRY%";
    public static final String DLQ_TOPIC_PREFIX = "%DLQ%";

    /** Queues of {@link #SCHEDULE_TOPIC}: one per default delay level (1 s .. 2 h). */
    public static final int SCHEDULE_TOPIC_QUEUE_NUMS = 18;
    public static final int BENCHMARK_TOPIC_QUEUE_NUMS = 1024;

    private static final Set<TopicName> FIXED_SYSTEM_TOPICS = Set.of(AUTO_CREATE_TOPIC, SCHEDULE_TOPIC,
            SCHEDULE_TOPIC_V2, BENCHMARK_TOPIC, TRANS_HALF_TOPIC, TRANS_OP_HALF_TOPIC, TRANS_CHECK_MAX_TIME_TOPIC,
            TRACE_TOPIC, SELF_TEST_TOPIC, OFFSET_MOVED_EVENT, TIMER_TOPIC, TIMER_DELIVERED_TOPIC);

    private static final Set<TopicName> SEND_FORBIDDEN = Set.of(SCHEDULE_TOPIC, SCHEDULE_TOPIC_V2,
            TRANS_HALF_TOPIC, TRANS_OP_HALF_TOPIC, TRANS_CHECK_MAX_TIME_TOPIC, SELF_TEST_TOPIC, OFFSET_MOVED_EVENT,
            TIMER_TOPIC, TIMER_DELIVERED_TOPIC);

    private final TopicName clusterTopic;
    private final TopicName brokerTopic;
    private final TopicName replyTopic;

    /**
     * @param clusterName the broker's cluster; it doubles as a topic name, so it must be one
     * @param brokerName  the broker's name; likewise a topic name
     * @throws InvalidTopicNameException when either name cannot be a topic name
     */
    public SystemTopics(String clusterName, String brokerName) {
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(brokerName, "brokerName");
        this.clusterTopic = new TopicName(clusterName);
        this.brokerTopic = new TopicName(brokerName);
        this.replyTopic = new TopicName(clusterName + REPLY_TOPIC_SUFFIX);
    }

    /** Where replies of request-reply travel in this broker's cluster ({@code <cluster>_REPLY_TOPIC}). */
    public TopicName replyTopic() {
        return replyTopic;
    }

    /** A topic that belongs to the broker, not to users: admins may not create, update or delete it. */
    public boolean isSystemTopic(TopicName topic) {
        return isFixedSystemTopic(topic)
                || topic.equals(clusterTopic) || topic.equals(brokerTopic) || topic.equals(replyTopic);
    }

    /**
     * A system topic whatever the broker's cluster and name: the fixed names and anything starting with
     * {@value #SYSTEM_TOPIC_PREFIX}. What a NameServer can tell without knowing which broker it asks about.
     */
    public static boolean isFixedSystemTopic(TopicName topic) {
        return FIXED_SYSTEM_TOPICS.contains(topic) || topic.value().startsWith(SYSTEM_TOPIC_PREFIX);
    }

    /** Topics the broker writes itself (delays, timers, transactions, self tests); a producer's send is refused. */
    public static boolean isSendForbidden(TopicName topic) {
        return SEND_FORBIDDEN.contains(topic);
    }

    public static boolean isRetryTopic(TopicName topic) {
        return topic.value().startsWith(RETRY_TOPIC_PREFIX);
    }

    public static boolean isDlqTopic(TopicName topic) {
        return topic.value().startsWith(DLQ_TOPIC_PREFIX);
    }

    /** {@code %RETRY%group}: where a group's failed messages wait to be consumed again. */
    public static TopicName retryTopicOf(String groupName) {
        return new TopicName(RETRY_TOPIC_PREFIX + groupName);
    }

    /** {@code %DLQ%group}: where a group's messages go after their last retry. */
    public static TopicName dlqTopicOf(String groupName) {
        return new TopicName(DLQ_TOPIC_PREFIX + groupName);
    }

    /** A group's retry topic: {@code retryQueueNums} queues, read and write. */
    public static TopicConfig retryTopicConfig(TopicName retryTopic, int retryQueueNums) {
        if (!isRetryTopic(retryTopic)) {
            throw new InvalidTopicConfigException("not a retry topic: " + retryTopic);
        }
        return TopicConfig.of(retryTopic, retryQueueNums, retryQueueNums, Permission.READ_WRITE);
    }

    /** A group's dead-letter topic: one queue, read and write. */
    public static TopicConfig dlqTopicConfig(TopicName dlqTopic) {
        if (!isDlqTopic(dlqTopic)) {
            throw new InvalidTopicConfigException("not a DLQ topic: " + dlqTopic);
        }
        return TopicConfig.of(dlqTopic, 1, 1, Permission.READ_WRITE);
    }

    /**
     * The topics a broker creates at start, as a RocketMQ 5 broker does (minus POP, timer and sync
     * topics, which hexmq does not use).
     *
     * @param autoCreateTopicEnable create {@link #AUTO_CREATE_TOPIC} (perm 7) so producers can create
     *                              topics by sending to them
     * @param defaultTopicQueueNums queues of {@link #AUTO_CREATE_TOPIC}
     * @param clusterTopicEnable    the cluster-name topic is readable and writable, not only inheritable
     * @param brokerTopicEnable     likewise for the broker-name topic
     */
    public List<TopicConfig> defaultConfigs(boolean autoCreateTopicEnable, int defaultTopicQueueNums,
            boolean clusterTopicEnable, boolean brokerTopicEnable) {
        List<TopicConfig> configs = new ArrayList<>();
        configs.add(TopicConfig.of(SELF_TEST_TOPIC, 1, 1, Permission.READ_WRITE));
        if (autoCreateTopicEnable) {
            configs.add(TopicConfig.of(AUTO_CREATE_TOPIC, defaultTopicQueueNums, defaultTopicQueueNums,
                    Permission.INHERIT_READ_WRITE));
        }
        configs.add(TopicConfig.of(BENCHMARK_TOPIC, BENCHMARK_TOPIC_QUEUE_NUMS, BENCHMARK_TOPIC_QUEUE_NUMS,
                Permission.READ_WRITE));
        configs.add(TopicConfig.of(clusterTopic, TopicConfig.DEFAULT_QUEUE_NUMS, TopicConfig.DEFAULT_QUEUE_NUMS,
                clusterTopicEnable ? Permission.INHERIT_READ_WRITE : new Permission(Permission.PERM_INHERIT)));
        configs.add(TopicConfig.of(brokerTopic, 1, 1,
                brokerTopicEnable ? Permission.INHERIT_READ_WRITE : new Permission(Permission.PERM_INHERIT)));
        configs.add(TopicConfig.of(OFFSET_MOVED_EVENT, 1, 1, Permission.READ_WRITE));
        configs.add(TopicConfig.of(SCHEDULE_TOPIC, SCHEDULE_TOPIC_QUEUE_NUMS, SCHEDULE_TOPIC_QUEUE_NUMS,
                Permission.READ_WRITE));
        configs.add(TopicConfig.of(TIMER_TOPIC, 1, 1, Permission.READ_WRITE));
        configs.add(TopicConfig.of(replyTopic, 1, 1, Permission.READ_WRITE));
        configs.add(TopicConfig.of(TRANS_HALF_TOPIC, 1, 1, Permission.READ_WRITE));
        configs.add(TopicConfig.of(TRANS_OP_HALF_TOPIC, 1, 1, Permission.READ_WRITE));
        return List.copyOf(configs);
    }
}

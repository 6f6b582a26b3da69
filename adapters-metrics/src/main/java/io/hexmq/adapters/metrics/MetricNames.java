package io.hexmq.adapters.metrics;

import io.micrometer.core.instrument.Tags;

/**
 * The metric and label names, RocketMQ 5.x's where RocketMQ has the figure. Counters are named without their
 * {@code _total}: the Prometheus format adds it.
 */
final class MetricNames {

    static final String MESSAGES_IN = "rocketmq_messages_in";
    static final String MESSAGES_OUT = "rocketmq_messages_out";
    static final String THROUGHPUT_IN = "rocketmq_throughput_in";
    static final String THROUGHPUT_OUT = "rocketmq_throughput_out";
    static final String CONSUMER_LAG = "rocketmq_consumer_lag_messages";
    static final String CONSUMER_INFLIGHT = "rocketmq_consumer_inflight_messages";
    static final String CONSUMER_READY = "rocketmq_consumer_ready_messages";
    static final String CONSUMER_LAG_LATENCY = "rocketmq_consumer_lag_latency";
    static final String CONSUMER_QUEUEING_LATENCY = "rocketmq_consumer_queueing_latency";
    static final String PROCESSOR_WATERMARK = "rocketmq_processor_watermark";
    static final String BROKER_PERMISSION = "rocketmq_broker_permission";
    static final String SEND_TO_DLQ_MESSAGES = "rocketmq_send_to_dlq_messages";
    static final String COMMIT_MESSAGES = "rocketmq_commit_messages";
    static final String ROLLBACK_MESSAGES = "rocketmq_rollback_messages";
    static final String PRODUCER_CONNECTIONS = "rocketmq_producer_connections";
    static final String CONSUMER_CONNECTIONS = "rocketmq_consumer_connections";
    static final String TOPIC_NUMBER = "rocketmq_topic_number";
    static final String CONSUMER_GROUP_NUMBER = "rocketmq_consumer_group_number";
    static final String STORAGE_SIZE = "rocketmq_storage_size";
    /** hexmq's own: RocketMQ reports the ratio in its runtime info ({@code commitLogDiskRatio}), not as a metric. */
    static final String STORAGE_DISK_RATIO = "rocketmq_storage_disk_ratio";
    /** hexmq's own, as are the NameServer's: RocketMQ's NameServer exports no metrics. */
    static final String NAMESRV_BROKERS = "rocketmq_namesrv_brokers";
    static final String NAMESRV_TOPICS = "rocketmq_namesrv_topics";

    static final String CLUSTER = "cluster";
    static final String NODE_TYPE = "node_type";
    static final String NODE_ID = "node_id";
    static final String TOPIC = "topic";
    static final String CONSUMER_GROUP = "consumer_group";
    static final String IS_RETRY = "is_retry";
    static final String IS_SYSTEM = "is_system";
    static final String MESSAGE_TYPE = "message_type";
    static final String LANGUAGE = "language";
    static final String VERSION = "version";
    static final String CONSUME_MODE = "consume_mode";
    static final String PROTOCOL_TYPE = "protocol_type";
    static final String PROCESSOR = "processor";
    static final String STORAGE_TYPE = "storage_type";
    static final String STORAGE_MEDIUM = "storage_medium";
    /** The store labels RocketMQ puts on its store and timer metrics: a local store on disk. */
    static final Tags LOCAL_DISK = Tags.of(STORAGE_TYPE, "local", STORAGE_MEDIUM, "disk");

    private MetricNames() {
    }
}

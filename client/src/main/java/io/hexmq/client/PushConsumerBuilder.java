package io.hexmq.client;

import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.consumer.ConsumeFrom;
import io.hexmq.client.internal.push.DefaultPushConsumer;
import io.hexmq.client.internal.push.PushConsumerSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Configures and starts a {@link PushConsumer}; from {@link HexmqClient#newPushConsumer()}. A group, at
 * least one subscription and a listener are required:
 *
 * <pre>{@code
 * PushConsumer consumer = client.newPushConsumer()
 *         .group("billing")
 *         .subscribe("orders", "created || paid")
 *         .concurrentListener(message -> {
 *             bill(message.bodyAsString());
 *             return ConsumeResult.SUCCESS;
 *         })
 *         .build();
 * }</pre>
 */
public final class PushConsumerBuilder {

    private final ClientInstance instance;
    private String group;
    private final Map<String, String> subscriptions = new LinkedHashMap<>();
    private boolean broadcasting;
    private boolean orderly;
    private MessageListener listener;
    private int consumeThreads = PushConsumerSettings.DEFAULT_CONSUME_THREADS;
    private int maxCachedMessagesPerQueue = PushConsumerSettings.DEFAULT_MAX_CACHED_MESSAGES_PER_QUEUE;
    private ConsumeFrom consumeFrom = ConsumeFrom.LAST;
    private int pullBatchSize = PushConsumerSettings.DEFAULT_PULL_BATCH_SIZE;
    private Duration commitInterval = PushConsumerSettings.DEFAULT_COMMIT_INTERVAL;
    private Duration rebalanceInterval = PushConsumerSettings.DEFAULT_REBALANCE_INTERVAL;
    private int maxReconsumeTimes = PushConsumerSettings.DEFAULT_MAX_RECONSUME_TIMES;
    private Duration orderlySuspend = PushConsumerSettings.DEFAULT_ORDERLY_SUSPEND;
    private Path offsetStoreDir;
    private String traceTopic;

    PushConsumerBuilder(ClientInstance instance) {
        this.instance = instance;
    }

    /** The consumer group (required). Members of a group share its offsets and, clustering, its queues. */
    public PushConsumerBuilder group(String value) {
        this.group = Objects.requireNonNull(value, "group");
        return this;
    }

    /**
     * Consumes {@code topic}'s messages whose tag matches {@code tagExpression}: {@code "*"} for all, or
     * tags joined by {@code ||} ({@code "created || paid"}). Calling it again for a topic replaces the
     * expression.
     */
    public PushConsumerBuilder subscribe(String topic, String tagExpression) {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(tagExpression, "tagExpression");
        if (tagExpression.isBlank()) {
            throw new IllegalArgumentException("the tag expression must not be blank; use \"*\" for every message");
        }
        subscriptions.put(topic, tagExpression.trim());
        return this;
    }

    /** The group's members share the queues out, offsets are kept by the brokers (the default). */
    public PushConsumerBuilder clustering() {
        this.broadcasting = false;
        return this;
    }

    /**
     * Every member reads every message; offsets are kept by this consumer (in memory, or in
     * {@link #offsetStoreDir(Path)}). A failed message is not redelivered.
     */
    public PushConsumerBuilder broadcasting() {
        this.broadcasting = true;
        return this;
    }

    /** Messages are consumed in parallel on the consume threads; a failed one is redelivered later. */
    public PushConsumerBuilder concurrentListener(MessageListener value) {
        this.listener = Objects.requireNonNull(value, "listener");
        this.orderly = false;
        return this;
    }

    /**
     * Each queue's messages are consumed one at a time in queue order, by one member (which holds the
     * queue's lock on the broker); a failed message is retried in place after
     * {@link #orderlySuspend(Duration)}, holding the queue back.
     */
    public PushConsumerBuilder orderlyListener(MessageListener value) {
        this.listener = Objects.requireNonNull(value, "listener");
        this.orderly = true;
        return this;
    }

    /** Threads calling the listener. Default 20. */
    public PushConsumerBuilder consumeThreads(int value) {
        this.consumeThreads = value;
        return this;
    }

    /** Pulling a queue pauses while this many of its messages wait to be consumed. Default 1000. */
    public PushConsumerBuilder maxCachedMessagesPerQueue(int value) {
        this.maxCachedMessagesPerQueue = value;
        return this;
    }

    /** A queue the group has no offset for is read from its first message. */
    public PushConsumerBuilder consumeFromFirstOffset() {
        this.consumeFrom = ConsumeFrom.FIRST;
        return this;
    }

    /** A queue the group has no offset for is read from its end: only new messages (the default). */
    public PushConsumerBuilder consumeFromLastOffset() {
        this.consumeFrom = ConsumeFrom.LAST;
        return this;
    }

    /** A queue the group has no offset for is read from the first message stored at or after {@code timestamp}. */
    public PushConsumerBuilder consumeFromTimestamp(Instant timestamp) {
        this.consumeFrom = ConsumeFrom.timestamp(Objects.requireNonNull(timestamp, "timestamp"));
        return this;
    }

    /** At most this many messages per pull (1..1024). Default 32. */
    public PushConsumerBuilder pullBatchSize(int value) {
        this.pullBatchSize = value;
        return this;
    }

    /** How often the offsets are committed (also on close). Default 5 s. */
    public PushConsumerBuilder commitInterval(Duration value) {
        this.commitInterval = Objects.requireNonNull(value, "commitInterval");
        return this;
    }

    /** How often the queues are shared out again (also when members come or go). Default 20 s. */
    public PushConsumerBuilder rebalanceInterval(Duration value) {
        this.rebalanceInterval = Objects.requireNonNull(value, "rebalanceInterval");
        return this;
    }

    /** Deliveries of a failing message before it goes to the group's dead letter topic. Default 16. */
    public PushConsumerBuilder maxReconsumeTimes(int value) {
        this.maxReconsumeTimes = value;
        return this;
    }

    /** Orderly: the pause before a failed message is tried again. Default 1 s. */
    public PushConsumerBuilder orderlySuspend(Duration value) {
        this.orderlySuspend = Objects.requireNonNull(value, "orderlySuspend");
        return this;
    }

    /**
     * Broadcasting: the directory where the offsets are kept across restarts ({@code <group>.offsets.json}).
     * Default none: in memory only, so a restarted consumer starts per consumeFrom again.
     */
    public PushConsumerBuilder offsetStoreDir(Path value) {
        this.offsetStoreDir = Objects.requireNonNull(value, "offsetStoreDir");
        return this;
    }

    /**
     * Writes RocketMQ's message trace (off by default) to the trace topic RMQ_SYS_TRACE_TOPIC: a SubBefore
     * record as the listener gets a message and a SubAfter once it answers (how long it took, whether it
     * consumed the message), read back by {@link Admin#messageTrace} or {@code mqadmin queryMsgTraceById}.
     * Records are written in the background and dropped, not waited for, when they come too fast.
     */
    public PushConsumerBuilder enableTrace() {
        return enableTrace(TraceWriters.DEFAULT_TOPIC);
    }

    /** {@link #enableTrace()} into {@code traceTopic} (RocketMQ's customized trace topic). */
    public PushConsumerBuilder enableTrace(String traceTopic) {
        this.traceTopic = Objects.requireNonNull(traceTopic, "traceTopic");
        return this;
    }

    /** Registers the group with the brokers and starts consuming. */
    public PushConsumer build() {
        PushConsumerSettings settings = new PushConsumerSettings(group, subscriptions, broadcasting, orderly,
                listener, consumeThreads, maxCachedMessagesPerQueue, consumeFrom, pullBatchSize, commitInterval,
                rebalanceInterval, maxReconsumeTimes, orderlySuspend, offsetStoreDir);
        return new DefaultPushConsumer(instance, settings, TraceWriters.consumeTracing(instance, group, traceTopic));
    }
}

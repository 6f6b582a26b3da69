package io.hexmq.client;

import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.consumer.ConsumeFrom;
import io.hexmq.client.internal.pull.DefaultPullConsumer;
import io.hexmq.client.internal.pull.PullConsumerSettings;
import io.hexmq.client.internal.pull.TracedPullConsumer;
import java.time.Instant;
import java.util.Objects;

/** Configures a {@link PullConsumer}; from {@link HexmqClient#newPullConsumer()}. Only the group is required. */
public final class PullConsumerBuilder {

    private final ClientInstance instance;
    private String group;
    private int pullBatchSize = PullConsumerSettings.DEFAULT_PULL_BATCH_SIZE;
    private int maxPollMessages = PullConsumerSettings.DEFAULT_MAX_POLL_MESSAGES;
    private ConsumeFrom consumeFrom = ConsumeFrom.LAST;
    private String traceTopic;

    PullConsumerBuilder(ClientInstance instance) {
        this.instance = instance;
    }

    /** The consumer group whose offsets are committed and read (required). */
    public PullConsumerBuilder group(String value) {
        this.group = Objects.requireNonNull(value, "group");
        return this;
    }

    /** At most this many messages per pull request (1..1024). Default 32. */
    public PullConsumerBuilder pullBatchSize(int value) {
        this.pullBatchSize = value;
        return this;
    }

    /** At most this many messages per {@link PullConsumer#poll}. Default 100. */
    public PullConsumerBuilder maxPollMessages(int value) {
        this.maxPollMessages = value;
        return this;
    }

    /** An assigned queue without committed offset starts at its first message. */
    public PullConsumerBuilder consumeFromFirstOffset() {
        this.consumeFrom = ConsumeFrom.FIRST;
        return this;
    }

    /** An assigned queue without committed offset starts at its end (the default). */
    public PullConsumerBuilder consumeFromLastOffset() {
        this.consumeFrom = ConsumeFrom.LAST;
        return this;
    }

    /** An assigned queue without committed offset starts at the first message stored at or after {@code timestamp}. */
    public PullConsumerBuilder consumeFromTimestamp(Instant timestamp) {
        this.consumeFrom = ConsumeFrom.timestamp(Objects.requireNonNull(timestamp, "timestamp"));
        return this;
    }

    /**
     * Writes RocketMQ's message trace (off by default) to the trace topic RMQ_SYS_TRACE_TOPIC, as its lite
     * pull consumer does: a SubBefore and a successful SubAfter for each message a poll returns (what the
     * application then does with it is not seen). Records are written in the background and dropped, not
     * waited for, when they come too fast.
     */
    public PullConsumerBuilder enableTrace() {
        return enableTrace(TraceWriters.DEFAULT_TOPIC);
    }

    /** {@link #enableTrace()} into {@code traceTopic} (RocketMQ's customized trace topic). */
    public PullConsumerBuilder enableTrace(String traceTopic) {
        this.traceTopic = Objects.requireNonNull(traceTopic, "traceTopic");
        return this;
    }

    public PullConsumer build() {
        PullConsumer consumer = new DefaultPullConsumer(instance, new PullConsumerSettings(group, pullBatchSize,
                maxPollMessages, consumeFrom));
        return traceTopic == null ? consumer
                : new TracedPullConsumer(consumer, TraceWriters.consumeTracing(instance, group, traceTopic));
    }
}

package io.hexmq.client;

import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.consumer.ConsumeFrom;
import io.hexmq.client.internal.pull.DefaultPullConsumer;
import io.hexmq.client.internal.pull.PullConsumerSettings;
import java.time.Instant;
import java.util.Objects;

/** Configures a {@link PullConsumer}; from {@link HexmqClient#newPullConsumer()}. Only the group is required. */
public final class PullConsumerBuilder {

    private final ClientInstance instance;
    private String group;
    private int pullBatchSize = PullConsumerSettings.DEFAULT_PULL_BATCH_SIZE;
    private int maxPollMessages = PullConsumerSettings.DEFAULT_MAX_POLL_MESSAGES;
    private ConsumeFrom consumeFrom = ConsumeFrom.LAST;

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

    public PullConsumer build() {
        return new DefaultPullConsumer(instance, new PullConsumerSettings(group, pullBatchSize, maxPollMessages,
                consumeFrom));
    }
}

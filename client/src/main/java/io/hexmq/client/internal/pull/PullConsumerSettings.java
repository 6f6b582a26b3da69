package io.hexmq.client.internal.pull;

import io.hexmq.client.internal.consumer.ConsumeFrom;
import io.hexmq.client.internal.instance.SettingChecks;
import java.util.Objects;

/**
 * A pull consumer's settings, validated once here.
 *
 * @param group           the consumer group
 * @param pullBatchSize   at most this many messages per pull request
 * @param maxPollMessages at most this many messages per poll
 * @param consumeFrom     where an assigned queue without committed offset starts
 */
public record PullConsumerSettings(String group, int pullBatchSize, int maxPollMessages, ConsumeFrom consumeFrom) {

    public static final int DEFAULT_PULL_BATCH_SIZE = 32;
    public static final int DEFAULT_MAX_POLL_MESSAGES = 100;

    public PullConsumerSettings {
        SettingChecks.requireConsumerGroup(group);
        SettingChecks.requireAtLeast("pullBatchSize", pullBatchSize, 1);
        if (pullBatchSize > 1024) {
            throw new IllegalArgumentException("pullBatchSize must be at most 1024: " + pullBatchSize);
        }
        SettingChecks.requireAtLeast("maxPollMessages", maxPollMessages, 1);
        Objects.requireNonNull(consumeFrom, "consumeFrom");
    }
}

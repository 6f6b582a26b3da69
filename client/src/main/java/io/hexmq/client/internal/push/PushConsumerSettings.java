package io.hexmq.client.internal.push;

import io.hexmq.client.MessageListener;
import io.hexmq.client.internal.consumer.ConsumeFrom;
import io.hexmq.client.internal.instance.SettingChecks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A push consumer's settings, validated once here.
 *
 * @param group                     the consumer group
 * @param subscriptions             topic to tag expression ({@code *} or {@code a || b})
 * @param broadcasting              every member reads every queue (else clustering)
 * @param orderly                   one thread at a time per queue, in offset order, under a broker lock
 * @param listener                  consumes each message
 * @param consumeThreads            threads calling the listener
 * @param maxCachedMessagesPerQueue pulling a queue pauses while more of its messages wait to be consumed
 * @param consumeFrom               where to start a queue without committed offset
 * @param pullBatchSize             at most this many messages per pull
 * @param commitInterval            period of the offset commit
 * @param rebalanceInterval         period of the rebalance (also run when members change)
 * @param maxReconsumeTimes         deliveries of a failing message before it goes to the dead letter topic
 * @param orderlySuspend            pause before an orderly consumer retries a failed message
 * @param offsetStoreDir            where a broadcasting consumer keeps its offsets; {@code null}: memory only
 */
public record PushConsumerSettings(String group, Map<String, String> subscriptions, boolean broadcasting,
                                   boolean orderly, MessageListener listener, int consumeThreads,
                                   int maxCachedMessagesPerQueue, ConsumeFrom consumeFrom, int pullBatchSize,
                                   Duration commitInterval, Duration rebalanceInterval, int maxReconsumeTimes,
                                   Duration orderlySuspend, Path offsetStoreDir) {

    public static final int DEFAULT_CONSUME_THREADS = 20;
    public static final int DEFAULT_MAX_CACHED_MESSAGES_PER_QUEUE = 1000;
    public static final int DEFAULT_PULL_BATCH_SIZE = 32;
    public static final Duration DEFAULT_COMMIT_INTERVAL = Duration.ofSeconds(5);
    public static final Duration DEFAULT_REBALANCE_INTERVAL = Duration.ofSeconds(20);
    public static final int DEFAULT_MAX_RECONSUME_TIMES = 16;
    public static final Duration DEFAULT_ORDERLY_SUSPEND = Duration.ofSeconds(1);

    public PushConsumerSettings {
        SettingChecks.requireConsumerGroup(group);
        subscriptions = Map.copyOf(new LinkedHashMap<>(subscriptions));
        if (subscriptions.isEmpty()) {
            throw new IllegalArgumentException("a push consumer needs at least one subscription");
        }
        Objects.requireNonNull(listener, "a push consumer needs a listener");
        Objects.requireNonNull(consumeFrom, "consumeFrom");
        SettingChecks.requireAtLeast("consumeThreads", consumeThreads, 1);
        SettingChecks.requireAtLeast("maxCachedMessagesPerQueue", maxCachedMessagesPerQueue, 1);
        SettingChecks.requireAtLeast("pullBatchSize", pullBatchSize, 1);
        if (pullBatchSize > 1024) {
            throw new IllegalArgumentException("pullBatchSize must be at most 1024: " + pullBatchSize);
        }
        SettingChecks.requireAtLeast("maxReconsumeTimes", maxReconsumeTimes, 0);
        SettingChecks.requirePositive("commitInterval", commitInterval);
        SettingChecks.requirePositive("rebalanceInterval", rebalanceInterval);
        SettingChecks.requirePositive("orderlySuspend", orderlySuspend);
    }
}

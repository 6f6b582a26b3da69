package io.hexmq.client.internal.producer;

import io.hexmq.client.internal.instance.SettingChecks;
import java.time.Duration;
import java.util.Objects;

/**
 * A producer's settings, validated once here.
 *
 * @param group                 the producer group
 * @param sendTimeout           the whole time a send may take, retries included
 * @param retries               further attempts on another broker after a retryable failure
 * @param defaultTopicQueueNums queues of a topic the broker auto-creates
 * @param maxMessageSize        largest body (or encoded batch)
 */
public record ProducerSettings(String group, Duration sendTimeout, int retries, int defaultTopicQueueNums,
                               int maxMessageSize) {

    public static final Duration DEFAULT_SEND_TIMEOUT = Duration.ofSeconds(3);
    public static final int DEFAULT_RETRIES = 2;
    public static final int DEFAULT_TOPIC_QUEUE_NUMS = 4;
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 4 * 1024 * 1024;

    public ProducerSettings {
        Objects.requireNonNull(group, "group");
        if (group.isBlank() || group.length() > 255) {
            throw new IllegalArgumentException("group must be 1..255 characters and not blank: '" + group + "'");
        }
        SettingChecks.requirePositive("sendTimeout", sendTimeout);
        if (retries < 0) {
            throw new IllegalArgumentException("retries must be >= 0: " + retries);
        }
        if (defaultTopicQueueNums < 1) {
            throw new IllegalArgumentException("defaultTopicQueueNums must be >= 1: " + defaultTopicQueueNums);
        }
        if (maxMessageSize < 1) {
            throw new IllegalArgumentException("maxMessageSize must be >= 1: " + maxMessageSize);
        }
    }
}

package io.hexmq.application.message;

import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.metrics.MessageType;
import io.hexmq.domain.metrics.port.MessageSizes;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * What {@link SendMessage} records about an append besides answering it: the append's time (brokerStatus'
 * {@code putMessageEntireTimeMax} and put latencies), the messages stored or refused, the size of each stored
 * message ({@link MessageSizes}), and a message that a {@code %RETRY%} send moved to a dead-letter queue. Kept apart so the use case reads as the checks and the
 * append; nothing here allocates for an ordinary send.
 */
final class SendAccounting {

    private final BrokerStatistics statistics;
    private final Clock clock;
    private final MessageOutcomes outcomes;
    private final MessageSizes sizes;

    SendAccounting(BrokerStatistics statistics, Clock clock, MessageOutcomes outcomes,
                   MessageSizes sizes) {
        this.statistics = Objects.requireNonNull(statistics, "statistics");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.outcomes = Objects.requireNonNull(outcomes, "outcomes");
        this.sizes = Objects.requireNonNull(sizes, "sizes");
    }

    /** When an append starts, for {@link #appendEnded}. */
    long appendStarting() {
        return clock.millis();
    }

    /** The append that started at {@code startedAt} completed, stored or not. */
    void appendEnded(long startedAt) {
        statistics.recordPutLatency(clock.millis() - startedAt);
    }

    /**
     * {@code appended} as the store answered it, counted as stored to {@code topic} or refused. Sizes are
     * recorded for a producer's own topics, not for retry or dead-letter sends, as RocketMQ records them.
     */
    void counted(AppendResult appended, TopicName topic, MessageType type) {
        if (appended.status().isStored()) {
            statistics.recordPut(topic.value(), appended.messageCount(), appended.wroteBytes());
            if (!SystemTopics.isRetryTopic(topic) && !SystemTopics.isDlqTopic(topic)) {
                sizes.stored(topic, type, (int) (appended.wroteBytes() / appended.messageCount()));
            }
        } else {
            statistics.recordFailedPut();
        }
    }

    /**
     * {@code appending}, which counts the dead-lettered message once stored, under the topic it was first sent
     * to (its RETRY_TOPIC, else the retry topic it came through).
     */
    CompletionStage<AppendResult> countingDeadLetter(CompletionStage<AppendResult> appending, GroupName group,
                                                     String properties, TopicName retryTopic) {
        String origin = MessageProperties.get(properties, SendProperties.RETRY_TOPIC);
        TopicName topic = origin == null || origin.isEmpty() ? retryTopic : new TopicName(origin);
        return appending.thenApply(appended -> {
            if (appended.status().isStored()) {
                outcomes.deadLettered(group, topic);
            }
            return appended;
        });
    }
}

package io.hexmq.application.message;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A producer takes back a timer message before it is due (RECALL_MESSAGE, RocketMQ 5.5), naming it by what
 * its send was answered with ({@link TimerRecall}). Refused, as RocketMQ refuses it, unless the broker has
 * {@code recallMessageEnable}; when the topic is not on this broker; when the recall names another topic or
 * broker; and when the message is not due within (now, now + {@code timerMaxDelaySec}), which also refuses
 * one already delivered. A recall that passes parks a recall record due with the message
 * ({@link TimerRecalls}); a message it does not name (wrong key, already gone) is not affected.
 */
public final class RecallTimerMessage {

    public enum Status { RECALLED, FORBIDDEN, TOPIC_NOT_EXIST, NOT_THIS_TOPIC, NOT_THIS_BROKER, NOT_PENDING, NOT_STORED }

    /**
     * @param topic    the topic the request names
     * @param recall   what the handle names (a handle that does not decode is refused before)
     * @param bornHost the producer's address
     */
    public record Command(String topic, TimerRecall recall, HostAddress bornHost) {

        public Command {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(recall, "recall");
            Objects.requireNonNull(bornHost, "bornHost");
        }
    }

    /** @param msgId the recalled message's UNIQ_KEY when {@link Status#RECALLED}, else empty */
    public record Result(Status status, String msgId) {

        static Result refused(Status status) {
            return new Result(status, "");
        }
    }

    private final MessageStore store;
    private final TopicTable topics;
    private final BrokerSettings broker;
    private final MessageSettings settings;
    private final Clock clock;

    public RecallTimerMessage(MessageStore store, TopicTable topics, BrokerSettings broker, MessageSettings settings,
            Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.broker = Objects.requireNonNull(broker, "broker");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public CompletionStage<Result> recall(Command command) {
        TimerRecall recall = command.recall();
        if (!settings.recallMessageEnable()) {
            return now(Status.FORBIDDEN);
        }
        if (topics.findNamed(command.topic()).isEmpty()) {
            return now(Status.TOPIC_NOT_EXIST);
        }
        if (!command.topic().equals(recall.topic())) {
            return now(Status.NOT_THIS_TOPIC);
        }
        if (!broker.brokerName().value().equals(recall.brokerName())) {
            return now(Status.NOT_THIS_BROKER);
        }
        long now = clock.millis();
        long timeLeft = recall.dueMillis() - now;
        if (recall.dueMillis() < 0 || timeLeft <= 0 || timeLeft >= settings.timerMaxDelaySec() * 1000L) {
            return now(Status.NOT_PENDING);
        }
        return store.appendAsync(TimerRecalls.recallRecord(recall.topic(), recall.uniqueKey(), recall.dueMillis(),
                        command.bornHost(), now))
                .thenApply(appended -> answer(appended, recall));
    }

    private static Result answer(AppendResult appended, TimerRecall recall) {
        return appended.status().isStored() ? new Result(Status.RECALLED, recall.uniqueKey())
                : Result.refused(Status.NOT_STORED);
    }

    private static CompletionStage<Result> now(Status status) {
        return CompletableFuture.completedFuture(Result.refused(status));
    }
}

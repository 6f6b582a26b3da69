package io.hexmq.application.message;

import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.message.SendMessage.Command;
import io.hexmq.application.message.SendMessage.Result;
import io.hexmq.application.message.SendMessage.Status;
import io.hexmq.application.topic.SendTopicLookup;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * The checks every send passes before anything is stored (protocol.md §2.3.2), in this order:
 * properties and body size, topic name, topics only the broker writes, resolution or auto-creation of
 * the topic, queue id, the broker's write permission for order topics; and the queue, chosen here when
 * the producer let the broker choose. Sends ({@link SendMessage}) and replies ({@link SendReply}) pass
 * the same checks.
 */
public final class SendAdmission {

    /**
     * Where a send may go, or why it may not.
     *
     * @param refusal the answer when refused, else null
     * @param topic   the resolved topic when admitted
     * @param queueId the queue to use when admitted
     * @param saved   completes once the topic is saved (a topic this send created may not be yet)
     */
    record Admission(Result refusal, TopicConfig topic, int queueId, CompletionStage<Void> saved) {

        /** Refused: nothing to wait for. */
        Admission(Result refusal) {
            this(refusal, null, -1, SAVED);
        }

        /**
         * What {@code send} returns, started once the topic is saved: at once when it is (the usual case,
         * with no continuation to allocate), else on the thread that saved it.
         */
        <T> CompletionStage<T> onceTopicSaved(Supplier<CompletionStage<T>> send) {
            if (saved instanceof CompletableFuture<Void> future && future.isDone() && !future.isCompletedExceptionally()) {
                return send.get();
            }
            return saved.thenCompose(topicSaved -> send.get());
        }
    }

    private static final CompletionStage<Void> SAVED = CompletableFuture.completedFuture(null);

    private final SendTopicLookup topics;
    private final LiveBrokerSettings brokerSettings;
    private final MessageSettings settings;

    public SendAdmission(SendTopicLookup topics, LiveBrokerSettings brokerSettings, MessageSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    Admission admit(Command command) {
        Result invalid = checkSizes(command);
        if (invalid != null) {
            return new Admission(invalid);
        }
        SendTopicLookup.Result resolution = topics.resolve(new SendTopicLookup.Request(command.topic(),
                command.defaultTopic(), command.defaultTopicQueueNums(), command.queueId(), topicSysFlag(command)));
        if (!resolution.isResolved()) {
            return new Admission(Result.refused(refusal(resolution.status()), resolution.remark()));
        }
        TopicConfig topic = resolution.topic().orElseThrow();
        if (!brokerSettings.get().brokerPermission().isWritable() && topic.order()) {
            return new Admission(Result.refused(Status.NO_PERMISSION, "the broker["
                    + brokerSettings.get().brokerAddress() + "] sending message is forbidden"));
        }
        int queueId = command.queueId();
        if (queueId < 0) {
            if (topic.writeQueueNums() <= 0) {
                return new Admission(Result.refused(Status.NO_PERMISSION, "topic[" + topic.name()
                        + "] has no writable queue"));
            }
            queueId = ThreadLocalRandom.current().nextInt(topic.writeQueueNums());
        }
        return new Admission(null, topic, queueId, resolution.saved());
    }

    private Result checkSizes(Command command) {
        if (command.properties().length() > MessageLayout.MAX_PROPERTIES_LENGTH) {
            return Result.refused(Status.MESSAGE_ILLEGAL, "the message properties length "
                    + command.properties().length() + " exceeds " + MessageLayout.MAX_PROPERTIES_LENGTH);
        }
        long bodyBytes = command.body().length;
        for (SendMessage.BatchEntry entry : command.batchEntries()) {
            if (entry.properties().length() > MessageLayout.MAX_PROPERTIES_LENGTH) {
                return Result.refused(Status.MESSAGE_ILLEGAL, "the message properties length "
                        + entry.properties().length() + " exceeds " + MessageLayout.MAX_PROPERTIES_LENGTH);
            }
            bodyBytes += entry.body().length;
        }
        if (bodyBytes > settings.maxMessageSize()) {
            return Result.refused(Status.MESSAGE_ILLEGAL, "the message body size " + bodyBytes
                    + " exceeds maxMessageSize " + settings.maxMessageSize());
        }
        return null;
    }

    private static Status refusal(SendTopicLookup.Status status) {
        return switch (status) {
            case INVALID_TOPIC, INVALID_QUEUE_ID -> Status.INVALID_PARAMETER;
            case SEND_FORBIDDEN -> Status.NO_PERMISSION;
            case TOPIC_NOT_EXIST -> Status.TOPIC_NOT_EXIST;
            case RESOLVED -> throw new IllegalArgumentException("not a refusal: " + status);
        };
    }

    /** RocketMQ's TopicSysFlag for a topic a unit-mode producer creates. */
    private static int topicSysFlag(Command command) {
        if (!command.unitMode()) {
            return 0;
        }
        return command.topic().startsWith(SystemTopics.RETRY_TOPIC_PREFIX) ? 0x2 : 0x1;
    }
}

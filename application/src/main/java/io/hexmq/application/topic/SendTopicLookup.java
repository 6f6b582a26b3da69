package io.hexmq.application.topic;

import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicCreation;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Finds the topic a producer sends to, creating it when it may (SEND_MESSAGE's topic checks). In
 * order: the name must be legal; the broker's own topics refuse producers; an unknown topic is
 * created from the request's default topic (normally {@code TBW102}) when that one carries
 * PERM_INHERIT, or, for a {@code %RETRY%} topic, with one queue; an explicit queue id must exist.
 * A topic created here is staged ({@link TopicTable#stageFromDefault}) and saved by {@link SaveStagedTopics},
 * which lets a burst of creations share one save; the send goes on once its topic is saved
 * ({@link Result#saved()}), as RocketMQ's broker saves {@code topics.json} before it stores the message
 * that created the topic. The NameServers learn the topic within one registration round after the save;
 * the send does not wait for them.
 *
 * <p>A part of {@link io.hexmq.application.message.SendAdmission}, which sends and replies pass, not an
 * activity of its own: no request drives it directly. Every refusal is a {@link Result} value, not an
 * exception: sends to unknown topics are routine.
 */
public final class SendTopicLookup {

    /**
     * The topic fields of a send.
     *
     * @param topic                 the topic as the request names it, not validated yet
     * @param defaultTopic          the template to create it from ({@code TBW102})
     * @param defaultTopicQueueNums queues the producer asks for when the topic is created (4)
     * @param queueId               the queue the producer chose; negative lets the broker choose
     * @param topicSysFlag          the system flag a created topic gets
     */
    public record Request(String topic, String defaultTopic, int defaultTopicQueueNums, int queueId,
            int topicSysFlag) {

        public Request {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(defaultTopic, "defaultTopic");
        }
    }

    public enum Status {
        /** Send on: {@link Result#topic()} holds the config. */
        RESOLVED,
        /** The name is illegal (RocketMQ answers INVALID_PARAMETER). */
        INVALID_TOPIC,
        /** A topic only the broker writes to (NO_PERMISSION). */
        SEND_FORBIDDEN,
        /** Unknown and not creatable (TOPIC_NOT_EXIST). */
        TOPIC_NOT_EXIST,
        /** The explicit queue id is beyond the topic's queues (INVALID_PARAMETER). */
        INVALID_QUEUE_ID
    }

    /**
     * @param topic   the resolved config when {@link Status#RESOLVED}
     * @param created whether this call created the topic
     * @param remark  why not, in words a client can show; empty when resolved
     * @param saved   completes once the topic is saved: at once for a topic that was saved already;
     *                exceptionally when the save that carried its creation failed
     */
    public record Result(Status status, Optional<TopicConfig> topic, boolean created, String remark,
            CompletionStage<Void> saved) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(remark, "remark");
            Objects.requireNonNull(saved, "saved");
            if ((status == Status.RESOLVED) != topic.isPresent()) {
                throw new IllegalArgumentException(status + " and topic " + topic + " do not fit together");
            }
        }

        static Result resolved(TopicConfig topic, boolean created, CompletionStage<Void> saved) {
            return new Result(Status.RESOLVED, Optional.of(topic), created, "", saved);
        }

        static Result refused(Status status, String remark) {
            return new Result(status, Optional.empty(), false, remark, SAVED);
        }

        public boolean isResolved() {
            return status == Status.RESOLVED;
        }
    }

    private static final CompletionStage<Void> SAVED = CompletableFuture.completedFuture(null);

    private final TopicTable topics;
    private final SaveStagedTopics saves;
    private final RegistrationDemand registration;
    private final Clock clock;
    private final LiveBrokerSettings settings;

    public SendTopicLookup(TopicTable topics, SaveStagedTopics saves, RegistrationDemand registration,
            Clock clock, LiveBrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.saves = Objects.requireNonNull(saves, "saves");
        this.registration = Objects.requireNonNull(registration, "registration");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public Result resolve(Request request) {
        Optional<String> problem = TopicName.validationProblem(request.topic());
        if (problem.isPresent()) {
            return Result.refused(Status.INVALID_TOPIC, problem.get());
        }
        TopicName topic = new TopicName(request.topic());
        if (SystemTopics.isSendForbidden(topic)) {
            return Result.refused(Status.SEND_FORBIDDEN, "Sending message to topic[" + topic + "] is forbidden.");
        }
        Optional<TopicConfig> existing = topics.find(topic);
        boolean created = false;
        TopicConfig config;
        CompletionStage<Void> saved = SAVED;
        if (existing.isPresent()) {
            config = existing.get();
        } else {
            TopicTable.Pending<TopicCreation> staged = create(topic, request);
            TopicCreation creation = staged.outcome();
            if (!creation.isAvailable()) {
                return Result.refused(Status.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist, apply first please! ("
                        + creation.reason() + ")");
            }
            config = creation.config().orElseThrow();
            created = creation.isCreated();
            saved = staged.saved();
            if (created) {
                // Marked once saved: a registration carries the saved table, so an earlier mark could be spent
                // on a round that does not carry the topic yet.
                saved.thenRun(registration::topicsChanged);
                saves.staged();
            }
        }
        if (request.queueId() >= 0 && !config.hasQueue(request.queueId())) {
            return Result.refused(Status.INVALID_QUEUE_ID, "request queueId[" + request.queueId() + "] is illegal, topic["
                    + topic + "] has " + Math.max(config.readQueueNums(), config.writeQueueNums()) + " queues");
        }
        return Result.resolved(config, created, saved);
    }

    private TopicTable.Pending<TopicCreation> create(TopicName topic, Request request) {
        long now = clock.millis();
        TopicTable.Pending<TopicCreation> staged = TopicName.validationProblem(request.defaultTopic()).isPresent()
                ? new TopicTable.Pending<>(new TopicCreation(TopicCreation.Status.DEFAULT_TOPIC_MISSING,
                        Optional.empty(), "default topic[" + request.defaultTopic() + "] is not a legal topic name"),
                        SAVED)
                : topics.stageFromDefault(topic, new TopicName(request.defaultTopic()),
                        request.defaultTopicQueueNums(), request.topicSysFlag(), settings.get().autoCreateTopicEnable(),
                        now);
        if (!staged.outcome().isAvailable() && SystemTopics.isRetryTopic(topic)) {
            return topics.stageIfAbsent(SystemTopics.retryTopicConfig(topic, 1), now);
        }
        return staged;
    }
}

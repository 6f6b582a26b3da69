package io.hexmq.application.message;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.application.broker.TraceSettings;
import io.hexmq.application.transaction.DueTimeParking;
import io.hexmq.application.transaction.HalfMessages;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.UniqueKeyGenerator;
import io.hexmq.domain.metrics.MessageType;
import io.hexmq.domain.metrics.port.MessageSizes;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A producer sends a message or a batch (SEND_MESSAGE, SEND_MESSAGE_V2, SEND_BATCH_MESSAGE), with the
 * broker's checks of protocol.md §2.3.2 in this order: properties and body size, topic name, topics
 * only the broker writes, resolution or auto-creation of the topic, queue id, the broker's write
 * permission for order topics ({@link SendAdmission}), then the {@code %RETRY%} rules
 * ({@link RetrySendRules}: the group must exist; a message past its retries, or of a group consuming
 * orderly, goes to {@code %DLQ%group} queue 0 with {@code DELAY=-1}). A topic created on the way is
 * stored before the send goes on; the NameServers learn it afterwards, without the producer waiting.
 * The broker then fills in what it owns (queue when the producer let it choose, MULTI_TAGS, UNIQ_KEY
 * when missing, CLUSTER, no POP_CK; born host is the producer's address) and appends.
 *
 * <p>A message with {@code DELAY} &gt; 0 (not a half message, not a DLQ copy, whose {@code DELAY} is
 * -1) waits in the schedule topic until {@link DeliverDueMessages} delivers it to its topic and queue
 * (protocol.md §4.3); the producer is told the queue it asked for and the schedule queue's offset.
 * A timer message (RocketMQ 5.x {@code TIMER_DELIVER_MS}, {@code TIMER_DELAY_SEC}, {@code TIMER_DELAY_MS})
 * due later waits in {@code rmq_sys_wheel_timer} until {@link DeliverDueTimerMessages} delivers it; one
 * due more than {@code timerMaxDelaySec} ahead is MESSAGE_ILLEGAL, one due now or in the past is
 * stored at once, and a {@code DELAY} level wins over a timer ({@link ParkUntilDue} decides, as it does
 * for a committed transaction).
 *
 * <p>A transactional message ({@code TRAN_MSG=true}) is parked as a half message ({@link HalfMessages})
 * until END_TRANSACTION or the check-back resolves it; the producer is told the queue it asked for and
 * the half queue's offset, which it names again when it ends the transaction. Its delay level or timer
 * applies from its commit; an illegal timer is refused already here.
 *
 * <p>The messages of a batch are stored at once whatever delay level or timer they carry, as RocketMQ's
 * broker stores them: the official client refuses a {@code DELAY} level in a batch before sending, and
 * the broker looks only at the batch's own properties, which that client never gives a timer.
 *
 * <p>Every outcome is a {@link Result} value, told through a stage that completes once the store has
 * the message under its flush policy; nothing is thrown for a refused send.
 */
public final class SendMessage {

    /**
     * One message of a batch, as the batch body carries it; topic, queue, born time and host and
     * system flag come from the request.
     */
    public record BatchEntry(int flag, byte[] body, String properties) {

        public BatchEntry {
            Objects.requireNonNull(body, "body");
            Objects.requireNonNull(properties, "properties");
        }
    }

    /**
     * @param topic                 as the request names it, not validated yet
     * @param queueId               negative lets the broker choose
     * @param properties            encoded properties ({@link MessageProperties}); for a batch the batch's own
     * @param maxReconsumeTimes     the producer's retry limit for a {@code %RETRY%} send, if it sent one
     *                              (only requests from V3_4_9 on count)
     * @param bornHost              the producer's TCP peer address
     * @param body                  the body of a single message; empty for a batch
     * @param batch                 whether this is a batch request
     * @param batchEntries          the messages of a batch; empty otherwise
     */
    public record Command(
            String producerGroup,
            String topic,
            String defaultTopic,
            int defaultTopicQueueNums,
            int queueId,
            int sysFlag,
            long bornTimestamp,
            int flag,
            String properties,
            int reconsumeTimes,
            boolean unitMode,
            OptionalInt maxReconsumeTimes,
            HostAddress bornHost,
            byte[] body,
            boolean batch,
            List<BatchEntry> batchEntries) {

        public Command {
            Objects.requireNonNull(producerGroup, "producerGroup");
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(defaultTopic, "defaultTopic");
            Objects.requireNonNull(properties, "properties");
            Objects.requireNonNull(maxReconsumeTimes, "maxReconsumeTimes");
            Objects.requireNonNull(bornHost, "bornHost");
            Objects.requireNonNull(body, "body");
            batchEntries = List.copyOf(batchEntries);
            if (!batch && !batchEntries.isEmpty()) {
                throw new IllegalArgumentException("batch entries in a request that is not a batch");
            }
        }
    }

    public enum Status {
        /** Stored. */
        PUT_OK(true),
        /** Stored, but the synchronous flush timed out. */
        FLUSH_DISK_TIMEOUT(true),
        /** Stored, but a synchronous replica did not confirm in time. */
        FLUSH_SLAVE_TIMEOUT(true),
        /** Stored, but no synchronous replica is available. */
        SLAVE_NOT_AVAILABLE(true),
        /** Bad topic name or queue id. */
        INVALID_PARAMETER(false),
        /** A topic only the broker writes, or a broker that does not take writes. */
        NO_PERMISSION(false),
        /** Unknown topic that may not be created. */
        TOPIC_NOT_EXIST(false),
        /** A {@code %RETRY%} send for a group without config. */
        SUBSCRIPTION_GROUP_NOT_EXIST(false),
        /** Too large, malformed, or not allowed in a batch. */
        MESSAGE_ILLEGAL(false),
        /** The store does not take messages now (stopped, disk full). */
        SERVICE_NOT_AVAILABLE(false),
        /** The store failed otherwise. */
        SYSTEM_ERROR(false);

        private final boolean stored;

        Status(boolean stored) {
            this.stored = stored;
        }

        public boolean isStored() {
            return stored;
        }
    }

    /**
     * @param remark        why a send was refused; empty when stored
     * @param msgId         offset message id(s), comma-separated for a batch; empty when not stored
     * @param queueId       the queue used
     * @param queueOffset   logical offset of the (first) message; -1 when not stored
     * @param transactionId the message's UNIQ_KEY (for a batch the batch's own, if it has one), or null
     * @param recall        for a timer message parked until due, what RECALL_MESSAGE takes it back with; else null
     */
    public record Result(Status status, String remark, String msgId, int queueId, long queueOffset,
            String transactionId, TimerRecall recall) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(remark, "remark");
            Objects.requireNonNull(msgId, "msgId");
        }

        /** A result that names no timer message to recall. */
        public Result(Status status, String remark, String msgId, int queueId, long queueOffset,
                String transactionId) {
            this(status, remark, msgId, queueId, queueOffset, transactionId, null);
        }

        static Result refused(Status status, String remark) {
            return new Result(status, remark, "", -1, -1, null);
        }
    }

    private final SendAdmission admission;
    private final RetrySendRules retryRules;
    private final MessageStore store;
    private final UniqueKeyGenerator uniqueKeys;
    private final Clock clock;
    private final BrokerSettings brokerSettings;
    private final MessageSettings settings;
    private final SendAccounting accounting;
    private final ParkUntilDue parkUntilDue;
    private final BrokerStamp stamp;

    public SendMessage(SendAdmission admission, RetrySendRules retryRules, MessageStore store,
            UniqueKeyGenerator uniqueKeys, BrokerStatistics statistics, Clock clock, BrokerSettings brokerSettings,
            MessageSettings settings, TraceSettings trace, MessageOutcomes outcomes,
            MessageSizes sizes) {
        this.admission = Objects.requireNonNull(admission, "admission");
        this.retryRules = Objects.requireNonNull(retryRules, "retryRules");
        this.store = Objects.requireNonNull(store, "store");
        this.uniqueKeys = Objects.requireNonNull(uniqueKeys, "uniqueKeys");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.accounting = new SendAccounting(statistics, clock, outcomes, sizes);
        this.parkUntilDue = new ParkUntilDue(settings);
        this.stamp = BrokerStamp.of(brokerSettings, Objects.requireNonNull(trace, "trace"));
    }

    /**
     * Checks and stores the send. The stage completes when the store's append does
     * ({@link MessageStore#appendAsync}), so no thread waits for the store meanwhile; a refusal completes it
     * at once. A send that created its topic is stored once the topic is saved. A failure of the store, or of
     * the topic's save, completes it exceptionally (or is thrown), as the store reports it.
     */
    public CompletionStage<Result> send(Command command) {
        SendAdmission.Admission admitted = admission.admit(command);
        if (admitted.refusal() != null) {
            return now(admitted.refusal());
        }
        return admitted.onceTopicSaved(() -> sendAdmitted(command, admitted));
    }

    private CompletionStage<Result> sendAdmitted(Command command, SendAdmission.Admission admitted) {
        TopicConfig topic = admitted.topic();
        int queueId = admitted.queueId();
        int sysFlag = command.sysFlag();
        if (topic.filterType() == TopicFilterType.MULTI_TAG) {
            sysFlag |= MessageSysFlag.MULTI_TAGS;
        }
        // The transaction bits are the broker's to set: a half message is parked with none (below).
        sysFlag &= ~MessageSysFlag.TRANSACTION_MASK;
        if (command.batch()) {
            return sendBatch(command, topic, queueId, sysFlag);
        }
        String targetTopic = command.topic();
        String delay = null;
        GroupName deadLettering = null;
        if (SystemTopics.isRetryTopic(topic.name())) {
            RetrySendRules.Verdict verdict = retryRules.judge(command, topic.name());
            if (verdict.refusal() != null) {
                return now(verdict.refusal());
            }
            if (verdict.dlq() != null) {
                targetTopic = verdict.dlq().name().value();
                queueId = 0;
                delay = SendProperties.DLQ_DELAY;
                deadLettering = verdict.group();
            }
        }
        String properties = SendProperties.prepare(command.properties(), stamp, uniqueKeys, delay);
        Message message = new Message(targetTopic, queueId, command.flag(), command.body(), properties, sysFlag,
                command.bornTimestamp(), command.bornHost(), command.reconsumeTimes(), 0L);
        boolean half = HalfMessages.isHalf(properties);
        if (delay == null) {
            // A half message's timer is checked now, so a producer learns before its local transaction
            // that the commit could not honour it; the half itself waits for its transaction, not its timer.
            DueTimeParking.Parked parked = parkUntilDue.park(message, clock.millis());
            if (parked.isIllegal()) {
                return now(Result.refused(Status.MESSAGE_ILLEGAL, parked.illegal()));
            }
            if (!half) {
                message = parked.message();
            }
        }
        if (half) {
            message = HalfMessages.park(message);
        }
        String uniqueKey = MessageProperties.get(properties, MessageProperties.UNIQ_KEY);
        long startedAt = accounting.appendStarting();
        CompletionStage<AppendResult> appending = store.appendAsync(message);
        if (deadLettering != null) {
            appending = accounting.countingDeadLetter(appending, deadLettering, properties, topic.name());
        }
        return answered(appending, startedAt, topic, MessageType.of(properties, half), queueId, uniqueKey,
                recall(message, topic, uniqueKey));
    }

    /**
     * What recalls {@code stored} when it is a timer message parked until due; null for any other, and, as
     * on RocketMQ, for a message to a retry topic.
     */
    private TimerRecall recall(Message stored, TopicConfig topic, String uniqueKey) {
        if (uniqueKey == null || !stored.topic().equals(TimerParking.TIMER_TOPIC)
                || SystemTopics.isRetryTopic(topic.name())) {
            return null;
        }
        String parked = stored.properties();
        return new TimerRecall(MessageProperties.get(parked, MessageProperties.REAL_TOPIC),
                brokerSettings.brokerName().value(),
                Long.parseLong(MessageProperties.get(parked, MessageProperties.DELIVER_AT)), uniqueKey);
    }

    private CompletionStage<Result> sendBatch(Command command, TopicConfig topic, int queueId, int sysFlag) {
        if (SystemTopics.isRetryTopic(topic.name())) {
            return now(Result.refused(Status.MESSAGE_ILLEGAL, "batch request does not support retry group "
                    + command.topic()));
        }
        if (command.batchEntries().isEmpty()) {
            return now(Result.refused(Status.MESSAGE_ILLEGAL, "the batch holds no message"));
        }
        List<Message> messages = new ArrayList<>(command.batchEntries().size());
        for (BatchEntry entry : command.batchEntries()) {
            String properties = SendProperties.prepare(entry.properties(), stamp, uniqueKeys, null);
            messages.add(new Message(command.topic(), queueId, entry.flag(), entry.body(), properties, sysFlag,
                    command.bornTimestamp(), command.bornHost(), command.reconsumeTimes(), 0L));
        }
        long startedAt = accounting.appendStarting();
        return answered(store.appendBatchAsync(messages), startedAt, topic,
                MessageType.of(command.properties(), false), queueId,
                MessageProperties.get(command.properties(), MessageProperties.UNIQ_KEY), null);
    }

    /**
     * The answer once {@code appending} completes. A local store has appended before it returns: then the
     * answer is made at once, without a continuation to allocate, which keeps the send path as light as
     * the synchronous append was. The append's time, from {@code startedAt}, goes to the statistics either way.
     */
    private CompletionStage<Result> answered(CompletionStage<AppendResult> appending, long startedAt, TopicConfig topic,
            MessageType type, int queueId, String uniqueKey, TimerRecall recall) {
        if (appending instanceof CompletableFuture<AppendResult> future && future.isDone()
                && !future.isCompletedExceptionally()) {
            accounting.appendEnded(startedAt);
            return now(answer(future.join(), topic, type, queueId, uniqueKey, recall));
        }
        return appending.thenApply(appended -> {
            accounting.appendEnded(startedAt);
            return answer(appended, topic, type, queueId, uniqueKey, recall);
        });
    }

    private static CompletionStage<Result> now(Result result) {
        return CompletableFuture.completedFuture(result);
    }

    /** A batch answers its msgIds comma-joined. */
    private Result answer(AppendResult appended, TopicConfig topic, MessageType type, int queueId, String uniqueKey,
            TimerRecall recall) {
        accounting.counted(appended, topic.name(), type);
        Status status = status(appended.status());
        if (!status.isStored()) {
            return Result.refused(status, remark(appended));
        }
        String msgId = appended.messageCount() == 1 ? appended.msgId() : String.join(",", appended.msgIds());
        return new Result(status, "", msgId, queueId, appended.queueOffset(), uniqueKey, recall);
    }

    private String remark(AppendResult appended) {
        return switch (appended.status()) {
            case MESSAGE_ILLEGAL, PROPERTIES_SIZE_EXCEEDED -> "the message is illegal, maybe msg body or properties "
                    + "length not matched. msg body length limit " + settings.maxMessageSize()
                    + "B, msg properties length limit 32KB. " + appended.reason();
            case SERVICE_NOT_AVAILABLE -> "service not available now, maybe disk full or the store is shut down: "
                    + appended.reason();
            case CREATE_MAPPED_FILE_FAILED -> "create mapped file failed, server is busy or broken.";
            case OS_PAGE_CACHE_BUSY -> "[PC_SYNCHRONIZED]broker busy, start flow control for a while";
            default -> appended.status() + (appended.reason().isEmpty() ? "" : ": " + appended.reason());
        };
    }

    private static Status status(AppendStatus status) {
        return switch (status) {
            case PUT_OK -> Status.PUT_OK;
            case FLUSH_DISK_TIMEOUT -> Status.FLUSH_DISK_TIMEOUT;
            case FLUSH_SLAVE_TIMEOUT -> Status.FLUSH_SLAVE_TIMEOUT;
            case SLAVE_NOT_AVAILABLE -> Status.SLAVE_NOT_AVAILABLE;
            case MESSAGE_ILLEGAL, PROPERTIES_SIZE_EXCEEDED -> Status.MESSAGE_ILLEGAL;
            case SERVICE_NOT_AVAILABLE -> Status.SERVICE_NOT_AVAILABLE;
            case CREATE_MAPPED_FILE_FAILED, OS_PAGE_CACHE_BUSY, UNKNOWN_ERROR -> Status.SYSTEM_ERROR;
        };
    }
}

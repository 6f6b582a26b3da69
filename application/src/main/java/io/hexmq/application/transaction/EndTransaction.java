package io.hexmq.application.transaction;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.metrics.port.TransactionLatencies;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A producer ends a transaction (END_TRANSACTION, protocol.md §2.3.4), on its own or answering a
 * check-back. COMMIT looks up the half message by its commit-log offset, checks that it belongs to the
 * producer group and sits at the queue offset the producer names, and stores it for its real topic and
 * queue (transaction bits COMMIT, {@code preparedTransactionOffset} = the half's commit-log offset,
 * {@code TRAN_MSG}, {@code REAL_TOPIC}, {@code REAL_QID} removed); ROLLBACK delivers nothing. Both then
 * write an op record so the check-back leaves the half message alone. UNKNOWN does nothing: the
 * check-back will ask again. Every outcome is a {@link Result}.
 *
 * <p>A committed message that carries a {@code DELAY} level or a timer waits for it like any sent message
 * ({@link DueTimeParking}), counted from the commit: it is parked in the schedule or timer topic and
 * reaches its real topic when due. One whose timer cannot be honoured (not a number, or due beyond
 * {@code timerMaxDelaySec}, say after that setting was lowered) is not stored and its half message stays
 * pending, as RocketMQ 5.x answers MESSAGE_ILLEGAL and leaves it to the check-back.
 *
 * <p>Crash story: the committed message is stored before the op record; a crash in between leaves the
 * half message unresolved, so it is checked and, when the producer says COMMIT again, delivered a
 * second time (at least once, as in RocketMQ).
 */
public final class EndTransaction {

    /** The producer's verdict, as {@code commitOrRollback} carries it. */
    public enum Decision {
        /** 0 (TRANSACTION_NOT_TYPE): not decided yet. */
        UNKNOWN,
        /** 8 (TRANSACTION_COMMIT_TYPE). */
        COMMIT,
        /** 12 (TRANSACTION_ROLLBACK_TYPE). */
        ROLLBACK
    }

    /**
     * @param tranStateTableOffset the half message's queue offset (the producer's SendResult.queueOffset)
     * @param commitLogOffset      the half message's commit-log offset (from its offset message id)
     * @param fromTransactionCheck whether this answers a CHECK_TRANSACTION_STATE
     * @param msgId                the message's UNIQ_KEY, for the log
     */
    public record Command(String producerGroup, long tranStateTableOffset, long commitLogOffset, Decision decision,
            boolean fromTransactionCheck, String msgId) {

        public Command {
            Objects.requireNonNull(producerGroup, "producerGroup");
            Objects.requireNonNull(decision, "decision");
            Objects.requireNonNull(msgId, "msgId");
        }
    }

    public enum Status {
        /**
         * The message was stored for its real topic, or parked until its delay level or timer is due, and
         * the half message marked done.
         */
        COMMITTED,
        /** The half message was marked done; nothing was delivered. */
        ROLLED_BACK,
        /** UNKNOWN: nothing changed. */
        IGNORED,
        /** This broker is a slave; transactions end on the master. */
        NOT_MASTER,
        /** No such half message, or it belongs to another group or queue offset. */
        REFUSED,
        /** The store did not take the delivery or the op record. */
        STORE_FAILED,
        /** COMMIT of a message whose timer is illegal: nothing was stored, the half message stays pending. */
        TIMER_ILLEGAL
    }

    /** @param remark why it was refused or failed; empty otherwise */
    public record Result(Status status, String remark) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(remark, "remark");
        }
    }

    private final MessageStore store;
    private final Clock clock;
    private final BrokerSettings brokerSettings;
    private final DueTimeParking dueTimeParking;
    private final MessageOutcomes outcomes;
    private final TransactionLatencies latencies;

    /** @param latencies where a commit's time since the half message's birth is reported */
    public EndTransaction(MessageStore store, Clock clock, BrokerSettings brokerSettings,
            DueTimeParking dueTimeParking, MessageOutcomes outcomes, TransactionLatencies latencies) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
        this.dueTimeParking = Objects.requireNonNull(dueTimeParking, "dueTimeParking");
        this.outcomes = Objects.requireNonNull(outcomes, "outcomes");
        this.latencies = Objects.requireNonNull(latencies, "latencies");
    }

    /**
     * Ends the transaction. The stage completes when the store has the committed message and then the op
     * record ({@link MessageStore#appendAsync}; the op record is appended only once the delivery is stored),
     * and at once for an outcome that stores nothing.
     */
    public CompletionStage<Result> end(Command command) {
        if (!brokerSettings.brokerId().isMaster()) {
            return now(new Result(Status.NOT_MASTER, "the slave broker " + brokerSettings.brokerName().value()
                    + " does not end transactions"));
        }
        if (command.decision() == Decision.UNKNOWN) {
            return now(new Result(Status.IGNORED, ""));
        }
        Optional<ByteBuffer> record = store.lookup(command.commitLogOffset());
        if (record.isEmpty()) {
            return refused("no half message at commit log offset " + command.commitLogOffset());
        }
        StoredMessage half = StoredMessage.decode(record.get());
        Map<String, String> properties = half.propertyMap();
        if (!HalfMessages.HALF_TOPIC.equals(half.topic())) {
            return refused("the message at commit log offset " + command.commitLogOffset() + " is not a half message");
        }
        if (!command.producerGroup().equals(properties.get(HalfMessages.PRODUCER_GROUP))) {
            return refused("the producer group " + command.producerGroup() + " does not own this half message");
        }
        if (half.queueOffset() != command.tranStateTableOffset()) {
            return refused("the transaction state table offset " + command.tranStateTableOffset()
                    + " does not match the half message's " + half.queueOffset());
        }
        HalfMessages.Destination destination = HalfMessages.destinationOf(properties);
        if (destination == null) {
            return refused("the half message does not name its real topic and queue");
        }
        if (command.decision() == Decision.ROLLBACK) {
            return markResolved(half, Status.ROLLED_BACK, destination.topic());
        }
        properties.remove(MessageProperties.REAL_TOPIC);
        properties.remove(MessageProperties.REAL_QUEUE_ID);
        properties.remove(HalfMessages.TRANSACTION_PREPARED);
        int sysFlag = (half.sysFlag() & ~MessageSysFlag.TRANSACTION_MASK) | MessageSysFlag.TRANSACTION_COMMIT_TYPE;
        Message committed = HalfMessages.copy(half, destination.topic(), destination.queueId(), properties, sysFlag,
                half.commitLogOffset());
        DueTimeParking.Parked parked = dueTimeParking.park(committed, clock.millis());
        if (parked.isIllegal()) {
            return now(new Result(Status.TIMER_ILLEGAL, parked.illegal()));
        }
        return store.appendAsync(parked.message()).thenCompose(delivered -> delivered.status().isStored()
                ? markResolved(half, Status.COMMITTED, destination.topic())
                : now(new Result(Status.STORE_FAILED, "the committed message was not stored: " + delivered.status()
                        + (delivered.reason().isEmpty() ? "" : " " + delivered.reason()))));
    }

    /** Appends the op record that marks {@code half} done; {@code resolved} once it is stored, and counted. */
    private CompletionStage<Result> markResolved(StoredMessage half, Status resolved, String topic) {
        return store.appendAsync(OpRecords.resolving(half.queueOffset(), half.storeHost(), clock.millis()))
                .thenApply(marked -> {
                    if (!marked.status().isStored()) {
                        return new Result(Status.STORE_FAILED, "the transaction's op record was not stored: "
                                + marked.status());
                    }
                    if (resolved == Status.COMMITTED) {
                        outcomes.committed(new TopicName(topic));
                        // whole seconds, as RocketMQ records rocketmq_finish_message_latency
                        latencies.committed(new TopicName(topic),
                                (clock.millis() - half.bornTimestamp()) / 1000);
                    } else {
                        outcomes.rolledBack(new TopicName(topic));
                    }
                    return new Result(resolved, "");
                });
    }

    private static CompletionStage<Result> now(Result result) {
        return CompletableFuture.completedFuture(result);
    }

    private static CompletionStage<Result> refused(String remark) {
        return now(new Result(Status.REFUSED, remark));
    }
}

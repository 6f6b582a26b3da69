package io.hexmq.application.transaction;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.transaction.TransactionBroker.GROUP;
import static io.hexmq.application.transaction.TransactionBroker.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.application.message.ParkUntilDue;
import io.hexmq.application.message.SendMessage;
import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class EndTransactionTest {

    private static final String TIMER_TOPIC = "rmq_sys_wheel_timer";
    private static final String SCHEDULE_TOPIC = "SCHEDULE_TOPIC_XXXX";

    private final TransactionBroker tx = new TransactionBroker();

    @Test
    void halfMessage_isInvisibleToPulls_andTheProducerGetsItsQueueAndHalfOffsets() {
        SendMessage.Result sent = tx.sendHalf(2, "order-1");

        assertThat(sent.queueId()).isEqualTo(2);
        assertThat(sent.queueOffset()).isZero();
        assertThat(sent.transactionId()).isEqualTo("U-order-1");
        StoredMessage half = tx.stored(OffsetMessageId.decode(sent.msgId()).commitLogOffset());
        assertThat(half.topic()).isEqualTo("RMQ_SYS_TRANS_HALF_TOPIC");
        assertThat(half.queueId()).isZero();
        assertThat(MessageSysFlag.transactionType(half.sysFlag())).isEqualTo(MessageSysFlag.TRANSACTION_NOT_TYPE);
        assertThat(half.propertyMap()).containsEntry("REAL_TOPIC", TOPIC).containsEntry("REAL_QID", "2")
                .containsEntry("__transactionId__", "U-order-1");
        assertThat(tx.pulled(2)).isEmpty();
        assertThat(tx.mb.store.maxOffset(TOPIC, 2)).isZero();
    }

    @Test
    void commit_deliversTheMessageExactlyOnce_asRocketMqRebuildsIt() {
        SendMessage.Result sent = tx.sendHalf(1, "order-2");
        long halfOffset = OffsetMessageId.decode(sent.msgId()).commitLogOffset();

        assertThat(tx.end(sent, EndTransaction.Decision.COMMIT).status()).isEqualTo(EndTransaction.Status.COMMITTED);

        assertThat(tx.pulled(1)).containsExactly("order-2");
        assertThat(tx.mb.broker.ended(true)).containsOnly(Map.entry(TOPIC, 1L));
        assertThat(tx.mb.broker.ended(false)).isEmpty();
        StoredMessage committed = StoredMessage.decode(tx.mb.store.read(TOPIC, 1, 0, 1,
                io.hexmq.domain.message.MessageFilter.ALL).messages().get(0));
        assertThat(MessageSysFlag.transactionType(committed.sysFlag())).isEqualTo(MessageSysFlag.TRANSACTION_COMMIT_TYPE);
        assertThat(committed.preparedTransactionOffset()).isEqualTo(halfOffset);
        assertThat(committed.propertyMap()).doesNotContainKeys("TRAN_MSG", "REAL_TOPIC", "REAL_QID")
                .containsEntry("UNIQ_KEY", "U-order-2").containsEntry("PGROUP", GROUP);
        assertThat(committed.bornHost()).isEqualTo(tx.stored(halfOffset).bornHost());

        tx.advanceMillis(Duration.ofMinutes(10).toMillis());
        CheckPendingTransactions.Result scan = tx.checkPending.check();
        assertThat(scan.checked()).isZero();
        assertThat(scan.resolved()).isEqualTo(1);
        assertThat(scan.nextRunMillis()).isEqualTo(CheckPendingTransactions.NOTHING_PENDING);
        assertThat(tx.checker.sent()).isEmpty();
        assertThat(tx.pulled(1)).containsExactly("order-2");
    }

    @Test
    void commit_reportsTheWholeSecondsSinceTheHalfMessagesBirth_andRollbackReportsNothing() {
        SendMessage.Result committed = tx.sendHalf(1, "late");
        SendMessage.Result rolledBack = tx.sendHalf(1, "never");
        tx.advanceMillis(90_999);

        tx.end(committed, EndTransaction.Decision.COMMIT);
        tx.end(rolledBack, EndTransaction.Decision.ROLLBACK);

        assertThat(tx.mb.broker.distributions.commits()).containsExactly(TOPIC + "/90");
    }

    @Test
    void rollback_deliversNothing_andMarksTheHalfMessageDone() {
        SendMessage.Result sent = tx.sendHalf(0, "order-3");

        assertThat(tx.end(sent, EndTransaction.Decision.ROLLBACK).status())
                .isEqualTo(EndTransaction.Status.ROLLED_BACK);

        assertThat(tx.pulled(0)).isEmpty();
        assertThat(tx.mb.broker.ended(false)).containsOnly(Map.entry(TOPIC, 1L));
        assertThat(tx.mb.broker.ended(true)).isEmpty();
        StoredMessage op = StoredMessage.decode(tx.mb.store.read("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0, 0, 1,
                io.hexmq.domain.message.MessageFilter.ALL).messages().get(0));
        assertThat(op.tags()).isEqualTo("d");
        assertThat(new String(op.body(), StandardCharsets.US_ASCII)).isEqualTo(Long.toString(sent.queueOffset()));
        tx.advanceMillis(Duration.ofMinutes(10).toMillis());
        assertThat(tx.checkPending.check().checked()).isZero();
        assertThat(tx.progress.load()).isEqualTo(new TransactionCheckProgress(1, 1));
    }

    @Test
    void unknown_changesNothing_soTheCheckBackAsksLater() {
        SendMessage.Result sent = tx.sendHalf(0, "order-4");

        assertThat(tx.end(sent, EndTransaction.Decision.UNKNOWN).status()).isEqualTo(EndTransaction.Status.IGNORED);

        assertThat(tx.mb.store.maxOffset("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0)).isZero();
        assertThat(tx.pulled(0)).isEmpty();
    }

    @Test
    void refuses_anotherGroup_aWrongQueueOffset_orAnOffsetWithoutAHalfMessage() {
        SendMessage.Result sent = tx.sendHalf(0, "order-5");
        long commitLogOffset = OffsetMessageId.decode(sent.msgId()).commitLogOffset();

        EndTransaction.Result otherGroup = joined(tx.endTransaction.end(new EndTransaction.Command("PG_other",
                sent.queueOffset(), commitLogOffset, EndTransaction.Decision.COMMIT, false, "U-order-5")));
        EndTransaction.Result wrongOffset = joined(tx.endTransaction.end(new EndTransaction.Command(GROUP,
                sent.queueOffset() + 7, commitLogOffset, EndTransaction.Decision.COMMIT, false, "U-order-5")));
        EndTransaction.Result nothingThere = joined(tx.endTransaction.end(new EndTransaction.Command(GROUP,
                sent.queueOffset(), commitLogOffset + 3, EndTransaction.Decision.ROLLBACK, false, "U-order-5")));

        assertThat(otherGroup.status()).isEqualTo(EndTransaction.Status.REFUSED);
        assertThat(otherGroup.remark()).contains("PG_other");
        assertThat(wrongOffset.status()).isEqualTo(EndTransaction.Status.REFUSED);
        assertThat(wrongOffset.remark()).contains("offset 7");
        assertThat(nothingThere.status()).isEqualTo(EndTransaction.Status.REFUSED);
        assertThat(tx.pulled(0)).isEmpty();
        assertThat(tx.mb.store.maxOffset("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0)).isZero();
    }

    private List<StoredMessage> stored(String topic, int queueId) {
        return tx.mb.store.read(topic, queueId, 0, 100, MessageFilter.ALL).messages().stream()
                .map(StoredMessage::decode).toList();
    }

    @Test
    void aCommittedTimerMessage_waitsForItsTimerCountedFromTheCommit_thenReachesItsRealTopic() {
        SendMessage.Result sent = tx.sendHalf(3, "pay-later", "TIMER_DELAY_SEC", "5");
        long halfOffset = OffsetMessageId.decode(sent.msgId()).commitLogOffset();
        tx.advanceMillis(2_000);
        long committedAt = tx.now();

        assertThat(tx.end(sent, EndTransaction.Decision.COMMIT).status()).isEqualTo(EndTransaction.Status.COMMITTED);

        assertThat(tx.pulled(3)).isEmpty();
        StoredMessage parked = stored(TIMER_TOPIC, 0).get(0);
        assertThat(parked.propertyMap()).containsEntry("REAL_TOPIC", TOPIC).containsEntry("REAL_QID", "3")
                .doesNotContainKey("TRAN_MSG");
        tx.mb.broker.clock.set(committedAt + 4_999);
        assertThat(tx.mb.deliverDueTimerMessages.deliver().delivered()).isZero();
        assertThat(tx.pulled(3)).isEmpty();

        tx.mb.broker.clock.set(committedAt + 5_000);
        assertThat(tx.mb.deliverDueTimerMessages.deliver().delivered()).isEqualTo(1);
        assertThat(tx.pulled(3)).containsExactly("pay-later");
        StoredMessage delivered = stored(TOPIC, 3).get(0);
        assertThat(MessageSysFlag.transactionType(delivered.sysFlag()))
                .isEqualTo(MessageSysFlag.TRANSACTION_COMMIT_TYPE);
        assertThat(delivered.preparedTransactionOffset()).isEqualTo(halfOffset);
        assertThat(delivered.storeTimestamp()).isEqualTo(committedAt + 5_000);
        assertThat(delivered.propertyMap()).containsEntry("UNIQ_KEY", "U-pay-later")
                .containsEntry("REAL_TOPIC", TOPIC).doesNotContainKeys("TRAN_MSG", "TIMER_DELAY_SEC");
        tx.advanceMillis(Duration.ofMinutes(10).toMillis());
        assertThat(tx.checkPending.check().checked()).as("the commit resolved the half message").isZero();
    }

    @Test
    void aCommittedMessageWithADelayLevel_waitsInTheScheduleTopic_thenReachesItsRealTopic() {
        SendMessage.Result sent = tx.sendHalf(1, "level-2", "DELAY", "2");
        long committedAt = tx.now();

        assertThat(tx.end(sent, EndTransaction.Decision.COMMIT).status()).isEqualTo(EndTransaction.Status.COMMITTED);

        assertThat(tx.pulled(1)).isEmpty();
        assertThat(stored(SCHEDULE_TOPIC, 1)).extracting(message -> new String(message.body()))
                .containsExactly("level-2");
        tx.mb.broker.clock.set(committedAt + 4_999);
        assertThat(tx.mb.deliverDueMessages.deliver().delivered()).isZero();
        tx.mb.broker.clock.set(committedAt + 5_000);
        assertThat(tx.mb.deliverDueMessages.deliver().delivered()).isEqualTo(1);
        assertThat(tx.pulled(1)).containsExactly("level-2");
        assertThat(MessageSysFlag.transactionType(stored(TOPIC, 1).get(0).sysFlag()))
                .isEqualTo(MessageSysFlag.TRANSACTION_COMMIT_TYPE);
    }

    @Test
    void aCommittedMessageWhoseDeliverTimeHasPassed_isDeliveredAtOnce() {
        SendMessage.Result sent = tx.sendHalf(0, "meanwhile", "TIMER_DELIVER_MS", Long.toString(tx.now() + 1_000));
        tx.advanceMillis(1_000);

        assertThat(tx.end(sent, EndTransaction.Decision.COMMIT).status()).isEqualTo(EndTransaction.Status.COMMITTED);

        assertThat(tx.pulled(0)).containsExactly("meanwhile");
        assertThat(stored(TIMER_TOPIC, 0)).isEmpty();
    }

    @Test
    void aRolledBackTimerOrDelayedMessage_isNeverDelivered() {
        SendMessage.Result timer = tx.sendHalf(0, "timer-no", "TIMER_DELAY_MS", "1000");
        SendMessage.Result delayed = tx.sendHalf(0, "level-no", "DELAY", "1");

        assertThat(tx.end(timer, EndTransaction.Decision.ROLLBACK).status())
                .isEqualTo(EndTransaction.Status.ROLLED_BACK);
        assertThat(tx.end(delayed, EndTransaction.Decision.ROLLBACK).status())
                .isEqualTo(EndTransaction.Status.ROLLED_BACK);

        tx.advanceMillis(Duration.ofMinutes(1).toMillis());
        assertThat(tx.mb.deliverDueTimerMessages.deliver().delivered()).isZero();
        assertThat(tx.mb.deliverDueMessages.deliver().delivered()).isZero();
        assertThat(stored(TIMER_TOPIC, 0)).isEmpty();
        assertThat(stored(SCHEDULE_TOPIC, 0)).isEmpty();
        assertThat(tx.pulled(0)).isEmpty();
    }

    @Test
    void aCommitWhoseTimerIsNoLongerAllowed_storesNothing_andLeavesTheHalfMessageToTheCheckBack() {
        SendMessage.Result sent = tx.sendHalf(2, "too-far-now", "TIMER_DELAY_SEC", "60");
        MessageSettings lowered = new MessageSettings(MessageSettings.DEFAULT_MAX_MESSAGE_SIZE, true, 1000,
                DelayLevels.DEFAULT, 30);
        EndTransaction afterRestart = new EndTransaction(tx.mb.store, tx.mb.broker.clock, tx.mb.broker.settings,
                new ParkUntilDue(lowered), tx.mb.broker.outcomes, tx.mb.broker.distributions);

        EndTransaction.Result result = joined(afterRestart.end(new EndTransaction.Command(GROUP, sent.queueOffset(),
                OffsetMessageId.decode(sent.msgId()).commitLogOffset(), EndTransaction.Decision.COMMIT, false,
                sent.transactionId())));

        assertThat(result.status()).isEqualTo(EndTransaction.Status.TIMER_ILLEGAL);
        assertThat(result.remark()).contains("timerMaxDelaySec 30");
        assertThat(stored(TIMER_TOPIC, 0)).isEmpty();
        assertThat(tx.pulled(2)).isEmpty();
        assertThat(tx.mb.store.maxOffset("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0)).isZero();
        tx.advanceMillis(Duration.ofMinutes(10).toMillis());
        assertThat(tx.checkPending.check().checked()).isEqualTo(1);
    }

    @Test
    void aHalfMessageWithAnIllegalTimer_isRefusedWhenSent() {
        long max = MessageSettings.DEFAULT_TIMER_MAX_DELAY_SEC;

        SendMessage.Result tooFar = joined(tx.mb.sendMessage.send(halfWith("TIMER_DELAY_SEC", Long.toString(max + 1))));
        SendMessage.Result notANumber = joined(tx.mb.sendMessage.send(halfWith("TIMER_DELIVER_MS", "tomorrow")));

        assertThat(tooFar.status()).isEqualTo(SendMessage.Status.MESSAGE_ILLEGAL);
        assertThat(tooFar.remark()).contains("timerMaxDelaySec");
        assertThat(notANumber.status()).isEqualTo(SendMessage.Status.MESSAGE_ILLEGAL);
        assertThat(stored("RMQ_SYS_TRANS_HALF_TOPIC", 0)).isEmpty();
    }

    private static SendMessage.Command halfWith(String timerProperty, String value) {
        return new SendMessage.Command(GROUP, TOPIC, "TBW102", 4, 0, MessageSysFlag.TRANSACTION_PREPARED_TYPE, 1_000L,
                0, MessageBroker.properties("TRAN_MSG", "true", "PGROUP", GROUP, timerProperty, value), 0, false,
                OptionalInt.empty(), MessageBroker.PRODUCER, "x".getBytes(), false, List.of());
    }
}

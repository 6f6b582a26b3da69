package io.hexmq.application.transaction;

import static io.hexmq.application.transaction.TransactionBroker.GROUP;
import static io.hexmq.application.transaction.TransactionBroker.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.SendMessage;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class EndTransactionTest {

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
    void rollback_deliversNothing_andMarksTheHalfMessageDone() {
        SendMessage.Result sent = tx.sendHalf(0, "order-3");

        assertThat(tx.end(sent, EndTransaction.Decision.ROLLBACK).status())
                .isEqualTo(EndTransaction.Status.ROLLED_BACK);

        assertThat(tx.pulled(0)).isEmpty();
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

        EndTransaction.Result otherGroup = tx.endTransaction.end(new EndTransaction.Command("PG_other",
                sent.queueOffset(), commitLogOffset, EndTransaction.Decision.COMMIT, false, "U-order-5"));
        EndTransaction.Result wrongOffset = tx.endTransaction.end(new EndTransaction.Command(GROUP,
                sent.queueOffset() + 7, commitLogOffset, EndTransaction.Decision.COMMIT, false, "U-order-5"));
        EndTransaction.Result nothingThere = tx.endTransaction.end(new EndTransaction.Command(GROUP,
                sent.queueOffset(), commitLogOffset + 3, EndTransaction.Decision.ROLLBACK, false, "U-order-5"));

        assertThat(otherGroup.status()).isEqualTo(EndTransaction.Status.REFUSED);
        assertThat(otherGroup.remark()).contains("PG_other");
        assertThat(wrongOffset.status()).isEqualTo(EndTransaction.Status.REFUSED);
        assertThat(wrongOffset.remark()).contains("offset 7");
        assertThat(nothingThere.status()).isEqualTo(EndTransaction.Status.REFUSED);
        assertThat(tx.pulled(0)).isEmpty();
        assertThat(tx.mb.store.maxOffset("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0)).isZero();
    }
}

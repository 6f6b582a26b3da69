package io.hexmq.application.transaction;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.transaction.TransactionBroker.GROUP;
import static io.hexmq.application.transaction.TransactionBroker.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.RecordingTransactionChecker;
import io.hexmq.application.message.SendMessage;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.transaction.TransactionCheck;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CheckPendingTransactionsTest {

    private static final long TIMEOUT = 6_000;
    private static final long INTERVAL = 30_000;

    private final TransactionBroker tx = new TransactionBroker();

    @Test
    void isQuiet_whenNoTransactionIsOpen() {
        CheckPendingTransactions.Result result = tx.checkPending.check();

        assertThat(result.nextRunMillis()).isEqualTo(CheckPendingTransactions.NOTHING_PENDING);
        assertThat(tx.progress.saves()).isZero();
    }

    @Test
    void waitsForTheTimeout_thenAsksTheProducerGroup_aboutACopyOfTheHalfMessage() {
        SendMessage.Result sent = tx.sendHalf(3, "pay");
        long sentAt = tx.now();
        tx.end(sent, EndTransaction.Decision.UNKNOWN);

        assertThat(tx.checkPending.check().nextRunMillis()).isEqualTo(sentAt + TIMEOUT);
        tx.advanceMillis(TIMEOUT - 1);
        assertThat(tx.checkPending.check().checked()).isZero();
        assertThat(tx.checker.sent()).isEmpty();

        tx.advanceMillis(1);
        CheckPendingTransactions.Result result = tx.checkPending.check();

        assertThat(result.checked()).isEqualTo(1);
        assertThat(result.nextRunMillis()).isEqualTo(tx.now() + INTERVAL);
        RecordingTransactionChecker.Sent only = tx.checker.sent().get(0);
        assertThat(only.group().value()).isEqualTo(GROUP);
        TransactionCheck check = only.check();
        assertThat(check.brokerName()).isEqualTo("broker-a");
        assertThat(check.realTopic()).isEqualTo(TOPIC);
        assertThat(check.msgId()).isEqualTo("U-pay");
        assertThat(check.transactionId()).isEqualTo("U-pay");
        assertThat(check.tranStateTableOffset()).isEqualTo(1);
        StoredMessage copy = tx.stored(check.commitLogOffset());
        assertThat(copy.topic()).isEqualTo("RMQ_SYS_TRANS_HALF_TOPIC");
        assertThat(copy.queueOffset()).isEqualTo(1);
        assertThat(copy.offsetMessageId()).isEqualTo(check.offsetMsgId());
        assertThat(copy.propertyMap()).containsEntry("TRANSACTION_CHECK_TIMES", "1");
        StoredMessage body = StoredMessage.decode(ByteBuffer.wrap(check.body()));
        assertThat(body.topic()).isEqualTo(TOPIC);
        assertThat(body.queueId()).isEqualTo(3);
        assertThat(body.queueOffset()).isEqualTo(1);
        assertThat(body.commitLogOffset()).isEqualTo(check.commitLogOffset());
        assertThat(new String(body.body())).isEqualTo("pay");
        assertThat(body.propertyMap()).containsEntry("PGROUP", GROUP).containsEntry("UNIQ_KEY", "U-pay");
        assertThat(tx.pulled(3)).isEmpty();
    }

    @Test
    void theProducersAnswerToACheck_commitsTheMessageOnce() {
        tx.sendHalf(0, "ship");
        tx.advanceMillis(TIMEOUT);
        tx.checkPending.check();
        TransactionCheck check = tx.checker.sent().get(0).check();

        EndTransaction.Result answer = joined(tx.endTransaction.end(new EndTransaction.Command(GROUP,
                check.tranStateTableOffset(), check.commitLogOffset(), EndTransaction.Decision.COMMIT, true,
                check.msgId())));

        assertThat(answer.status()).isEqualTo(EndTransaction.Status.COMMITTED);
        assertThat(tx.pulled(0)).containsExactly("ship");
        tx.advanceMillis(Duration.ofHours(1).toMillis());
        CheckPendingTransactions.Result later = tx.checkPending.check();
        assertThat(later.checked()).isZero();
        assertThat(later.nextRunMillis()).isEqualTo(CheckPendingTransactions.NOTHING_PENDING);
        assertThat(tx.checker.sent()).hasSize(1);
        assertThat(tx.pulled(0)).containsExactly("ship");
    }

    @Test
    void checkImmunityTimeInSeconds_overridesTheTimeout_forItsMessage() {
        tx.sendHalf(0, "slow", "CHECK_IMMUNITY_TIME_IN_SECONDS", "60");
        long sentAt = tx.now();

        tx.advanceMillis(TIMEOUT);

        assertThat(tx.checkPending.check().nextRunMillis()).isEqualTo(sentAt + 60_000);
        assertThat(tx.checker.sent()).isEmpty();
        tx.advanceMillis(60_000);
        assertThat(tx.checkPending.check().checked()).isEqualTo(1);
    }

    @Test
    void afterTransactionCheckMaxChecks_theHalfMessageGoesToTransCheckMaxTimeTopic() {
        tx.sendHalf(0, "lost");
        tx.advanceMillis(TIMEOUT);
        for (int i = 0; i < 15; i++) {
            assertThat(tx.checkPending.check().checked()).as("check %d", i + 1).isEqualTo(1);
            tx.advanceMillis(INTERVAL);
        }

        CheckPendingTransactions.Result last = tx.checkPending.check();

        assertThat(last.checked()).isZero();
        assertThat(last.discarded()).isEqualTo(1);
        assertThat(last.nextRunMillis()).isEqualTo(CheckPendingTransactions.NOTHING_PENDING);
        assertThat(tx.checker.sent()).hasSize(15);
        assertThat(tx.checker.sent().get(14).check().tranStateTableOffset()).isEqualTo(15);
        StoredMessage discarded = StoredMessage.decode(tx.mb.store.read("TRANS_CHECK_MAX_TIME_TOPIC", 0, 0, 1,
                MessageFilter.ALL).messages().get(0));
        assertThat(new String(discarded.body())).isEqualTo("lost");
        assertThat(discarded.propertyMap()).containsEntry("TRANSACTION_CHECK_TIMES", "15")
                .containsEntry("REAL_TOPIC", TOPIC);
        assertThat(tx.pulled(0)).isEmpty();
    }

    @Test
    void aCheckWithoutAConnectedProducer_stillCounts() {
        tx.checker.disconnect();
        tx.sendHalf(0, "orphan");
        tx.advanceMillis(TIMEOUT);

        CheckPendingTransactions.Result result = tx.checkPending.check();

        assertThat(result.checked()).isEqualTo(1);
        assertThat(result.nextRunMillis()).isEqualTo(tx.now() + INTERVAL);
    }

    @Test
    void resumesAfterARestart_withoutCheckingResolvedOrCheckedHalfMessagesAgain() {
        SendMessage.Result first = tx.sendHalf(0, "a");
        SendMessage.Result second = tx.sendHalf(0, "b");
        tx.sendHalf(0, "c");
        tx.advanceMillis(TIMEOUT);
        // "a" is checked now; then "c" is rolled back while its turn has not come yet.
        tx.end(second, EndTransaction.Decision.COMMIT);
        CheckPendingTransactions.Result before = tx.checkPending.check();
        assertThat(before.checked()).isEqualTo(2);
        assertThat(before.resolved()).isEqualTo(1);
        assertThat(tx.checker.sent()).extracting(sent -> new String(StoredMessage.decode(
                ByteBuffer.wrap(sent.check().body())).body())).containsExactly("a", "c");
        assertThat(first.queueOffset()).isZero();

        tx.restartCheckBack();
        CheckPendingTransactions.Result afterRestart = tx.checkPending.check();

        assertThat(afterRestart.checked()).isZero();
        assertThat(afterRestart.nextRunMillis()).isEqualTo(tx.now() + INTERVAL);
        tx.advanceMillis(INTERVAL);
        assertThat(tx.checkPending.check().checked()).isEqualTo(2);
        assertThat(tx.pulled(0)).containsExactly("b");
    }

    @Test
    void aRollbackBehindAWaitingCopy_survivesARestart_andADueMessageBehindTheCopyIsStillChecked() {
        tx.sendHalf(0, "a");
        SendMessage.Result second = tx.sendHalf(0, "b");
        tx.advanceMillis(TIMEOUT);
        tx.end(second, EndTransaction.Decision.ROLLBACK);
        tx.checkPending.check();
        // The copy of "a" waits for its next check and holds the saved progress back; "d" is rolled back behind it.
        tx.sendHalf(0, "c");
        tx.end(tx.sendHalf(0, "d"), EndTransaction.Decision.ROLLBACK);
        tx.checkPending.check();

        tx.restartCheckBack();
        tx.advanceMillis(TIMEOUT);
        tx.checkPending.check();

        assertThat(tx.checker.sent()).extracting(sent -> new String(StoredMessage.decode(
                ByteBuffer.wrap(sent.check().body())).body())).containsExactly("a", "c");
        assertThat(tx.progress.load().halfOffset()).isEqualTo(2);
        tx.advanceMillis(INTERVAL);
        tx.checkPending.check();
        assertThat(tx.checker.sent()).extracting(sent -> new String(StoredMessage.decode(
                ByteBuffer.wrap(sent.check().body())).body())).containsExactly("a", "c", "a", "c");
    }
}

package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.TransactionalExchange.body;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transactional messages as the official TransactionMQProducer sends them: commit, rollback, a
 * transaction left unknown and resolved by the broker's check-back, also across a broker restart, and
 * committed messages that wait for their timer or delay level first. The broker's first check comes
 * after {@code transactionTimeOut} = 1 s here instead of 6 s; a transaction still unknown is asked about
 * again after {@code transactionCheckInterval} = 5 s instead of 30 s, long enough that an answer slowed
 * down by a busy machine is not overtaken by a second question (whose answer would commit it twice).
 */
class TransactionCompatibilityIT {

    private static final String TOPIC = "TxTopic";
    /** Store timestamps and the test's clock may differ by this much (same host, rounding). */
    private static final long TOLERANCE_MILLIS = 50;

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore()
            .withSettings(Map.of("transactionTimeOut", "1000", "transactionCheckInterval", "5000"))
            .withOfficialClients();

    private TransactionalExchange exchange;

    @BeforeEach
    void start() throws Exception {
        exchange = TransactionalExchange.start(hexmq.clients(), hexmq.server().broker(), TOPIC, "pg-tx", "cg-tx",
                consumer -> { });
    }

    private TransactionSendResult send(String body, LocalTransactionState local) throws Exception {
        return exchange.send(new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8)), local);
    }

    private static Message delayedBy(long millis, String body) {
        Message message = new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8));
        message.setDelayTimeMs(millis);
        return message;
    }

    @Test
    void aCommittedTransaction_isDeliveredOnce_andARolledBackOneNever() throws Exception {
        TransactionSendResult committed = send("commit-me", LocalTransactionState.COMMIT_MESSAGE);
        send("roll-me-back", LocalTransactionState.ROLLBACK_MESSAGE);
        send("after", LocalTransactionState.COMMIT_MESSAGE);

        Await.until("both committed messages", () -> exchange.received().size() >= 2);
        // END_TRANSACTION is oneway and the listener is concurrent: the two commits may arrive in either order.
        assertThat(exchange.receivedBodies()).containsExactlyInAnyOrder("commit-me", "after");
        assertThat(exchange.received()).filteredOn(message -> body(message).equals("commit-me"))
                .extracting(MessageExt::getMsgId).containsExactly(committed.getMsgId());
        // A transaction left unknown after them is a barrier: once the check-back asked about it, a round
        // has passed over the two resolved ones, and it must not have asked about those.
        exchange.answerChecksOf("barrier", LocalTransactionState.ROLLBACK_MESSAGE);
        send("barrier", LocalTransactionState.UNKNOW);
        Await.until("the check-back's round reaching the barrier", () -> !exchange.checked().isEmpty());
        assertThat(exchange.checkedBodies()).containsOnly("barrier");
        assertThat(exchange.receivedBodies()).containsExactlyInAnyOrder("commit-me", "after");
    }

    @Test
    void anUnknownTransaction_isCheckedBack_andCommittedByTheProducersAnswer() throws Exception {
        exchange.answerChecksOf("decide-later", LocalTransactionState.COMMIT_MESSAGE);

        send("decide-later", LocalTransactionState.UNKNOW);

        Await.until("the message committed after a check", () -> exchange.received().size() == 1);
        assertThat(exchange.receivedBodies()).containsExactly("decide-later");
        assertThat(exchange.checked()).isNotEmpty();
    }

    @Test
    void anUnknownTransaction_isStillCheckedAfterABrokerRestart() throws Exception {
        send("survives", LocalTransactionState.UNKNOW);
        Await.until("a first check", () -> exchange.checked().size() >= 1);

        hexmq.server().restart();
        exchange.answerChecksOf("survives", LocalTransactionState.COMMIT_MESSAGE);

        Await.until("the message committed after the restart", Duration.ofSeconds(30),
                () -> exchange.received().size() == 1);
        assertThat(exchange.receivedBodies()).containsExactly("survives");
    }

    @Test
    void aCommittedTimerTransaction_arrivesWhenItsTimerIsDue_andARolledBackOneNever() throws Exception {
        // The rolled-back one would be due first: had it leaked, it would arrive before the committed one.
        exchange.send(delayedBy(1_000, "timer-rolled-back"), LocalTransactionState.ROLLBACK_MESSAGE);
        long beforeCommit = System.currentTimeMillis();
        TransactionSendResult committed = exchange.send(delayedBy(2_000, "timer-committed"),
                LocalTransactionState.COMMIT_MESSAGE);

        Await.until("the committed timer message", () -> !exchange.received().isEmpty());
        MessageExt delivered = exchange.received().get(0);
        assertThat(body(delivered)).isEqualTo("timer-committed");
        assertThat(delivered.getMsgId()).isEqualTo(committed.getMsgId());
        assertThat(delivered.getStoreTimestamp()).as("stored for its topic only when its timer was due")
                .isGreaterThanOrEqualTo(beforeCommit + 2_000 - TOLERANCE_MILLIS);
        assertThat(delivered.getProperty("TIMER_DELAY_MS")).isNull();
        assertThat(exchange.receivedBodies()).containsExactly("timer-committed");
    }

    @Test
    void aCommittedTransactionWithADelayLevel_arrivesAfterItsLevel() throws Exception {
        // TransactionMQProducer 5.3.3 drops DELAY from a transactional message itself, so the half message
        // goes out as a client that keeps it sends it, and is committed by the official client's own call.
        DefaultMQProducer plain = hexmq.clients().producer("pg-tx-level");
        Message message = new Message(TOPIC, "T", "level-1".getBytes(StandardCharsets.UTF_8));
        message.setDelayTimeLevel(1);
        MessageAccessor.putProperty(message, MessageConst.PROPERTY_TRANSACTION_PREPARED, "true");
        MessageAccessor.putProperty(message, MessageConst.PROPERTY_PRODUCER_GROUP, plain.getProducerGroup());
        SendResult half = plain.send(message);
        assertThat(half.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        long beforeCommit = System.currentTimeMillis();

        plain.getDefaultMQProducerImpl().endTransaction(message, half, LocalTransactionState.COMMIT_MESSAGE, null);

        Await.until("the committed delayed message", () -> !exchange.received().isEmpty());
        MessageExt delivered = exchange.received().get(0);
        assertThat(body(delivered)).isEqualTo("level-1");
        assertThat(delivered.getStoreTimestamp()).as("level 1 is 1 s from the commit")
                .isGreaterThanOrEqualTo(beforeCommit + 1_000 - TOLERANCE_MILLIS);
        assertThat(delivered.getProperty(MessageConst.PROPERTY_DELAY_TIME_LEVEL))
                .as("the level it waited for, as RocketMQ's delivered copy keeps it").isEqualTo("1");
    }
}

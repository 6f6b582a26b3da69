package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
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

    private TransactionMQProducer producer;
    /** Body → what the local transaction says, first when executed, then when checked. */
    private final Map<String, LocalTransactionState> outcomes = new ConcurrentHashMap<>();
    private final Map<String, LocalTransactionState> checkOutcomes = new ConcurrentHashMap<>();
    private final AtomicInteger checks = new AtomicInteger();
    private final List<String> checkedBodies = new CopyOnWriteArrayList<>();
    private final List<MessageExt> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().transactionProducer("pg-tx", new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                return outcomes.get(body(message));
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                checks.incrementAndGet();
                checkedBodies.add(body(message));
                return checkOutcomes.getOrDefault(body(message), LocalTransactionState.UNKNOW);
            }
        });
        hexmq.clients().createTopic(producer, hexmq.server().broker(), TOPIC, 1);
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-tx");
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            received.addAll(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
    }

    private static String body(Message message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }

    private TransactionSendResult send(String body, LocalTransactionState local) throws Exception {
        return send(new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8)), local);
    }

    private TransactionSendResult send(Message message, LocalTransactionState local) throws Exception {
        outcomes.put(body(message), local);
        TransactionSendResult result = producer.sendMessageInTransaction(message, null);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(result.getLocalTransactionState()).isEqualTo(local);
        return result;
    }

    private static Message delayedBy(long millis, String body) {
        Message message = new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8));
        message.setDelayTimeMs(millis);
        return message;
    }

    private List<String> receivedBodies() {
        return received.stream().map(TransactionCompatibilityIT::body).toList();
    }

    @Test
    void aCommittedTransaction_isDeliveredOnce_andARolledBackOneNever() throws Exception {
        TransactionSendResult committed = send("commit-me", LocalTransactionState.COMMIT_MESSAGE);
        send("roll-me-back", LocalTransactionState.ROLLBACK_MESSAGE);
        send("after", LocalTransactionState.COMMIT_MESSAGE);

        Await.until("both committed messages", () -> received.size() >= 2);
        // END_TRANSACTION is oneway and the listener is concurrent: the two commits may arrive in either order.
        assertThat(receivedBodies()).containsExactlyInAnyOrder("commit-me", "after");
        assertThat(received).filteredOn(message -> body(message).equals("commit-me"))
                .extracting(MessageExt::getMsgId).containsExactly(committed.getMsgId());
        // A transaction left unknown after them is a barrier: once the check-back asked about it, a round
        // has passed over the two resolved ones, and it must not have asked about those.
        checkOutcomes.put("barrier", LocalTransactionState.ROLLBACK_MESSAGE);
        send("barrier", LocalTransactionState.UNKNOW);
        Await.until("the check-back's round reaching the barrier", () -> !checkedBodies.isEmpty());
        assertThat(checkedBodies).containsOnly("barrier");
        assertThat(receivedBodies()).containsExactlyInAnyOrder("commit-me", "after");
    }

    @Test
    void anUnknownTransaction_isCheckedBack_andCommittedByTheProducersAnswer() throws Exception {
        checkOutcomes.put("decide-later", LocalTransactionState.COMMIT_MESSAGE);

        send("decide-later", LocalTransactionState.UNKNOW);

        Await.until("the message committed after a check", () -> received.size() == 1);
        assertThat(receivedBodies()).containsExactly("decide-later");
        assertThat(checks.get()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void anUnknownTransaction_isStillCheckedAfterABrokerRestart() throws Exception {
        send("survives", LocalTransactionState.UNKNOW);
        Await.until("a first check", () -> checks.get() >= 1);

        hexmq.server().restart();
        checkOutcomes.put("survives", LocalTransactionState.COMMIT_MESSAGE);

        Await.until("the message committed after the restart", Duration.ofSeconds(30), () -> received.size() == 1);
        assertThat(receivedBodies()).containsExactly("survives");
    }

    @Test
    void aCommittedTimerTransaction_arrivesWhenItsTimerIsDue_andARolledBackOneNever() throws Exception {
        // The rolled-back one would be due first: had it leaked, it would arrive before the committed one.
        send(delayedBy(1_000, "timer-rolled-back"), LocalTransactionState.ROLLBACK_MESSAGE);
        long beforeCommit = System.currentTimeMillis();
        TransactionSendResult committed = send(delayedBy(2_000, "timer-committed"),
                LocalTransactionState.COMMIT_MESSAGE);

        Await.until("the committed timer message", () -> !received.isEmpty());
        MessageExt delivered = received.get(0);
        assertThat(body(delivered)).isEqualTo("timer-committed");
        assertThat(delivered.getMsgId()).isEqualTo(committed.getMsgId());
        assertThat(delivered.getStoreTimestamp()).as("stored for its topic only when its timer was due")
                .isGreaterThanOrEqualTo(beforeCommit + 2_000 - TOLERANCE_MILLIS);
        assertThat(delivered.getProperty("TIMER_DELAY_MS")).isNull();
        assertThat(receivedBodies()).containsExactly("timer-committed");
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

        Await.until("the committed delayed message", () -> !received.isEmpty());
        MessageExt delivered = received.get(0);
        assertThat(body(delivered)).isEqualTo("level-1");
        assertThat(delivered.getStoreTimestamp()).as("level 1 is 1 s from the commit")
                .isGreaterThanOrEqualTo(beforeCommit + 1_000 - TOLERANCE_MILLIS);
        assertThat(delivered.getProperty(MessageConst.PROPERTY_DELAY_TIME_LEVEL)).isNull();
    }
}

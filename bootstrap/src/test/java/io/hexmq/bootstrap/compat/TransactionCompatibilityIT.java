package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transactional messages as the official TransactionMQProducer sends them: commit, rollback, a
 * transaction left unknown and resolved by the broker's check-back, also across a broker restart. The
 * broker's first check comes after {@code transactionTimeOut} = 1 s here instead of 6 s.
 */
class TransactionCompatibilityIT {

    private static final String TOPIC = "TxTopic";

    @TempDir
    Path dataDir;

    private RunningStandalone hexmq;
    private OfficialClients clients;
    private TransactionMQProducer producer;
    /** Body → what the local transaction says, first when executed, then when checked. */
    private final Map<String, LocalTransactionState> outcomes = new ConcurrentHashMap<>();
    private final Map<String, LocalTransactionState> checkOutcomes = new ConcurrentHashMap<>();
    private final AtomicInteger checks = new AtomicInteger();
    private final List<String> checkedBodies = new CopyOnWriteArrayList<>();
    private final List<MessageExt> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        hexmq = RunningStandalone.start(dataDir, "file", Map.of("transactionTimeOut", "1000",
                "transactionCheckInterval", "1000"));
        clients = new OfficialClients(hexmq.nameServer());
        producer = new TransactionMQProducer("pg-tx");
        producer.setNamesrvAddr(hexmq.nameServer());
        producer.setInstanceName("it-tx-" + System.nanoTime());
        producer.setPollNameServerInterval(1_000);
        producer.setHeartbeatBrokerInterval(1_000);
        producer.setSendMsgTimeout(10_000);
        producer.setTransactionListener(new TransactionListener() {
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
        producer.start();
        clients.createTopic(producer, hexmq.broker(), TOPIC, 1);
        DefaultMQPushConsumer consumer = clients.pushConsumer("cg-tx");
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            received.addAll(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
    }

    @AfterEach
    void stop() {
        producer.shutdown();
        clients.close();
        hexmq.close();
    }

    private static String body(Message message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }

    private TransactionSendResult send(String body, LocalTransactionState local) throws Exception {
        outcomes.put(body, local);
        TransactionSendResult result = producer.sendMessageInTransaction(
                new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8)), null);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(result.getLocalTransactionState()).isEqualTo(local);
        return result;
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

        hexmq.restart();
        checkOutcomes.put("survives", LocalTransactionState.COMMIT_MESSAGE);

        Await.until("the message committed after the restart", Duration.ofSeconds(30), () -> received.size() == 1);
        assertThat(receivedBodies()).containsExactly("survives");
    }
}

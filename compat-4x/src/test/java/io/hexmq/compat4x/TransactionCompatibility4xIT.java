package io.hexmq.compat4x;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transactional messages from the official 4.9.x TransactionMQProducer: half message, END_TRANSACTION
 * commit and rollback, and the broker's check-back (CHECK_TRANSACTION_STATE), whose header the 4.x client
 * decodes with its own, older header class. The broker checks after 1 s here instead of 6 s, and asks
 * again about a transaction still unknown after 5 s instead of 60 s (4.x) or 30 s (5.x): long enough that
 * a producer's answer slowed down by a busy machine is not overtaken by a second question (whose answer
 * would commit the message twice).
 */
class TransactionCompatibility4xIT {

    private static final String TOPIC = "Tx4x";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore()
            .withSettings(Map.of("transactionTimeOut", "1000", "transactionCheckInterval", "5000"))
            .withOfficialClients();

    private TransactionMQProducer producer;
    private final Map<String, LocalTransactionState> executed = new ConcurrentHashMap<>();
    private final Map<String, LocalTransactionState> checkedAnswers = new ConcurrentHashMap<>();
    private final List<MessageExt> checked = new CopyOnWriteArrayList<>();
    private final List<MessageExt> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().transactionProducer("pg-tx-4x", new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                return executed.get(body(message));
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                checked.add(message);
                return checkedAnswers.getOrDefault(body(message), LocalTransactionState.UNKNOW);
            }
        });
        hexmq.clients().createTopic(producer, hexmq.server().broker(), TOPIC, 1);
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-tx-4x");
        // One queue and one consuming thread: messages arrive in the order they were committed.
        consumer.setConsumeThreadMin(1);
        consumer.setConsumeThreadMax(1);
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
        executed.put(body, local);
        TransactionSendResult result = producer.sendMessageInTransaction(
                new Message(TOPIC, "T", body, body.getBytes(StandardCharsets.UTF_8)), null);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(result.getLocalTransactionState()).isEqualTo(local);
        return result;
    }

    @Test
    void aCommitIsDelivered_aRollbackNever_andAnUnknownOneIsCheckedBackAndCommitted() throws Exception {
        checkedAnswers.put("decide-later", LocalTransactionState.COMMIT_MESSAGE);

        TransactionSendResult committed = send("commit-me", LocalTransactionState.COMMIT_MESSAGE);
        send("roll-me-back", LocalTransactionState.ROLLBACK_MESSAGE);
        TransactionSendResult unknown = send("decide-later", LocalTransactionState.UNKNOW);

        // Committed only after a check a second later: had the rollback been committed, it would come before.
        Await.until("the message committed after a check-back", Duration.ofSeconds(60),
                () -> received.stream().anyMatch(message -> body(message).equals("decide-later")));
        assertThat(received).extracting(TransactionCompatibility4xIT::body)
                .containsExactly("commit-me", "decide-later");
        assertThat(received.get(0).getMsgId()).isEqualTo(committed.getMsgId());
        assertThat(received.get(1).getMsgId()).isEqualTo(unknown.getMsgId());
        assertThat(received.get(1).getKeys()).isEqualTo("decide-later");

        assertThat(checked).isNotEmpty().allSatisfy(question -> {
            assertThat(body(question)).isEqualTo("decide-later");
            assertThat(question.getTransactionId()).isEqualTo(unknown.getTransactionId());
            assertThat(question.getTopic()).isEqualTo(TOPIC);
        });
    }
}

package io.hexmq.compat4x;

import static io.hexmq.bootstrap.compat.TransactionalExchange.body;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.bootstrap.compat.TransactionalExchange;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.message.Message;
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

    private TransactionalExchange exchange;

    @BeforeEach
    void start() throws Exception {
        exchange = TransactionalExchange.start(hexmq.clients(), hexmq.server().broker(), TOPIC,
                "pg-tx-4x", "cg-tx-4x", consumer -> {
                    // One queue and one consuming thread: messages arrive in the order they were committed.
                    consumer.setConsumeThreadMin(1);
                    consumer.setConsumeThreadMax(1);
                });
    }

    private TransactionSendResult send(String body, LocalTransactionState local) throws Exception {
        return exchange.send(new Message(TOPIC, "T", body, body.getBytes(StandardCharsets.UTF_8)), local);
    }

    @Test
    void aCommitIsDelivered_aRollbackNever_andAnUnknownOneIsCheckedBackAndCommitted() throws Exception {
        exchange.answerChecksOf("decide-later", LocalTransactionState.COMMIT_MESSAGE);

        TransactionSendResult committed = send("commit-me", LocalTransactionState.COMMIT_MESSAGE);
        send("roll-me-back", LocalTransactionState.ROLLBACK_MESSAGE);
        TransactionSendResult unknown = send("decide-later", LocalTransactionState.UNKNOW);

        // Committed only after a check a second later: had the rollback been committed, it would come before.
        Await.until("the message committed after a check-back", Duration.ofSeconds(60),
                () -> exchange.received().stream().anyMatch(message -> body(message).equals("decide-later")));
        assertThat(exchange.receivedBodies()).containsExactly("commit-me", "decide-later");
        assertThat(exchange.received().get(0).getMsgId()).isEqualTo(committed.getMsgId());
        assertThat(exchange.received().get(1).getMsgId()).isEqualTo(unknown.getMsgId());
        assertThat(exchange.received().get(1).getKeys()).isEqualTo("decide-later");

        assertThat(exchange.checked()).isNotEmpty().allSatisfy(question -> {
            assertThat(body(question)).isEqualTo("decide-later");
            assertThat(question.getTransactionId()).isEqualTo(unknown.getTransactionId());
            assertThat(question.getTopic()).isEqualTo(TOPIC);
        });
    }
}

package io.hexmq.compatproxy;

import static io.hexmq.compatproxy.GrpcClients.bodies;
import static io.hexmq.compatproxy.GrpcClients.bytes;
import static io.hexmq.compatproxy.GrpcClients.receiveAndAck;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import io.hexmq.bootstrap.Await;
import org.apache.rocketmq.client.apis.consumer.ConsumeResult;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.MessageView;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.client.apis.producer.SendReceipt;
import org.apache.rocketmq.client.apis.producer.Transaction;
import org.apache.rocketmq.client.apis.producer.TransactionResolution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The 5.x client's sends through the official proxy: normal, FIFO, delay and transactional messages. */
class ProducerThroughProxyIT {

    private static final Duration BOUND = Duration.ofSeconds(40);

    @RegisterExtension
    static final HexmqBehindProxy PROXY = new HexmqBehindProxy();

    @Test
    void normalMessage_arrivesWithItsTagKeysAndProperties() throws Exception {
        PROXY.servers().createTopic("ProxyNormal", "NORMAL", 2);
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxyNormal");
            SendReceipt receipt = producer.send(clients.message("ProxyNormal").setTag("TagA").setKeys("key-1")
                    .addProperty("colour", "red").setBody(bytes("normal")).build());
            SimpleConsumer consumer = clients.simpleConsumer("cg-proxy-normal", "ProxyNormal", FilterExpression.SUB_ALL);

            List<MessageView> received = receiveAndAck(consumer, 1, BOUND);

            assertThat(received).singleElement().satisfies(view -> {
                assertThat(view.getMessageId()).isEqualTo(receipt.getMessageId());
                assertThat(GrpcClients.body(view)).isEqualTo("normal");
                assertThat(view.getTag()).contains("TagA");
                assertThat(view.getKeys()).containsExactly("key-1");
                assertThat(view.getProperties()).containsEntry("colour", "red");
                assertThat(view.getDeliveryAttempt()).isEqualTo(1);
            });
        }
    }

    @Test
    void fifoMessages_reachAnOrderlyGroupInOrderPerMessageGroup() throws Exception {
        PROXY.servers().createTopic("ProxyFifo", "FIFO", 2);
        PROXY.servers().createGroup("cg-proxy-fifo", true, 16);
        Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxyFifo");
            for (int i = 0; i < 8; i++) {
                String group = "order-" + (i % 2);
                producer.send(clients.message("ProxyFifo").setMessageGroup(group).setBody(bytes(Integer.toString(i))).build());
            }
            clients.pushConsumer("cg-proxy-fifo", "ProxyFifo", FilterExpression.SUB_ALL, view -> {
                seen.computeIfAbsent(view.getMessageGroup().orElseThrow(), key -> new CopyOnWriteArrayList<>())
                        .add(Integer.parseInt(GrpcClients.body(view)));
                return ConsumeResult.SUCCESS;
            });

            Await.until("8 FIFO messages consumed", BOUND,
                    () -> seen.values().stream().mapToInt(List::size).sum() >= 8);
        }
        assertThat(seen).containsOnlyKeys("order-0", "order-1");
        assertThat(seen.get("order-0")).containsExactly(0, 2, 4, 6);
        assertThat(seen.get("order-1")).containsExactly(1, 3, 5, 7);
    }

    @Test
    void delayedMessage_isNotDeliveredBeforeItsDeliveryTimestamp() throws Exception {
        PROXY.servers().createTopic("ProxyDelay", "DELAY", 1);
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxyDelay");
            SimpleConsumer consumer = clients.simpleConsumer("cg-proxy-delay", "ProxyDelay", FilterExpression.SUB_ALL);
            long deliverAt = System.currentTimeMillis() + 3_000;
            producer.send(clients.message("ProxyDelay").setDeliveryTimestamp(deliverAt).setBody(bytes("later")).build());

            List<MessageView> received = receiveAndAck(consumer, 1, BOUND);

            assertThat(System.currentTimeMillis()).isGreaterThanOrEqualTo(deliverAt);
            assertThat(received).singleElement().satisfies(view -> {
                assertThat(GrpcClients.body(view)).isEqualTo("later");
                assertThat(view.getDeliveryTimestamp()).contains(deliverAt);
            });
        }
    }

    @Test
    void recalledDelayMessage_isNeverDelivered_andTheOneAfterItIs() throws Exception {
        PROXY.servers().createTopic("ProxyRecall", "DELAY", 1);
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxyRecall");
            SimpleConsumer consumer = clients.simpleConsumer("cg-proxy-recall", "ProxyRecall", FilterExpression.SUB_ALL);
            long deliverAt = System.currentTimeMillis() + 4_000;
            SendReceipt recalled = producer.send(clients.message("ProxyRecall").setDeliveryTimestamp(deliverAt)
                    .setBody(bytes("recalled")).build());
            producer.send(clients.message("ProxyRecall").setDeliveryTimestamp(deliverAt + 1_000)
                    .setBody(bytes("kept")).build());

            producer.recallMessage("ProxyRecall", recalled.getRecallHandle());

            // were the recall lost, the recalled message, due first, would be received first
            assertThat(bodies(receiveAndAck(consumer, 1, BOUND))).containsExactly("kept");
        }
    }

    @Test
    void committedTransaction_isDelivered_andRolledBackOneIsNot() throws Exception {
        PROXY.servers().createTopic("ProxyTx", "TRANSACTION", 1);
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.transactionalProducer(view -> TransactionResolution.ROLLBACK, "ProxyTx");
            SimpleConsumer consumer = clients.simpleConsumer("cg-proxy-tx", "ProxyTx", FilterExpression.SUB_ALL);
            Transaction rolledBack = producer.beginTransaction();
            producer.send(clients.message("ProxyTx").setBody(bytes("rolled back")).build(), rolledBack);
            rolledBack.rollback();
            Transaction committed = producer.beginTransaction();
            producer.send(clients.message("ProxyTx").setBody(bytes("committed")).build(), committed);
            committed.commit();

            assertThat(bodies(receiveAndAck(consumer, 1, BOUND))).containsExactly("committed");
        }
    }

    @Test
    void openTransaction_isCheckedBackThroughTheProxy_andEndsAsTheCheckerSays() throws Exception {
        PROXY.servers().createTopic("ProxyTxCheck", "TRANSACTION", 1);
        List<String> checked = new CopyOnWriteArrayList<>();
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.transactionalProducer(view -> {
                checked.add(GrpcClients.body(view));
                return GrpcClients.body(view).startsWith("commit") ? TransactionResolution.COMMIT
                        : TransactionResolution.ROLLBACK;
            }, "ProxyTxCheck");
            SimpleConsumer consumer = clients.simpleConsumer("cg-proxy-tx-check", "ProxyTxCheck",
                    FilterExpression.SUB_ALL);
            List<Transaction> leftOpen = new ArrayList<>();
            for (String body : List.of("rollback on check", "commit on check")) {
                Transaction transaction = producer.beginTransaction();
                producer.send(clients.message("ProxyTxCheck").setBody(bytes(body)).build(), transaction);
                leftOpen.add(transaction);
            }

            assertThat(bodies(receiveAndAck(consumer, 1, BOUND))).containsExactly("commit on check");
            Await.until("both open transactions checked back", BOUND,
                    () -> checked.containsAll(List.of("rollback on check", "commit on check")));
        }
    }
}

package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.bootstrap.sdk.SdkClients.ClientWithProducer;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.MessageQueueSelector;
import io.hexmq.client.Producer;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.SendStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/** The SDK producer against a real hexmq standalone: every way of sending, read back through the admin. */
@Isolated("leavesNoThreadBehind_afterClose counts the JVM's hexmq-client threads, which other tests' clients add to")
class ProducerIT {

    @RegisterExtension
    static final StandaloneExtension<ClientWithProducer> hexmq = StandaloneExtension.onFileStore()
            .withClients(SdkClients.withProducer("sdk-pg"));

    @BeforeAll
    static void start() {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-orders", 4);
    }

    private static Message order(String body) {
        return Message.builder("sdk-orders").body(body).tags("created").keys("order-" + body, "customer-7")
                .property("region", "eu").build();
    }

    @Test
    void sendsSync_andTheStoredMessageKeepsBodyTagsKeysPropertiesAndId() {
        SendReceipt receipt = hexmq.clients().producer().send(order("sync-1"));

        assertThat(receipt.status()).isEqualTo(SendStatus.SEND_OK);
        assertThat(receipt.msgId()).hasSize(32);
        assertThat(receipt.queue().topic()).isEqualTo("sdk-orders");
        ReceivedMessage stored = hexmq.clients().client().admin().viewMessage(receipt.offsetMsgId());
        assertThat(stored.bodyAsString()).isEqualTo("sync-1");
        assertThat(stored.msgId()).isEqualTo(receipt.msgId());
        assertThat(stored.tags()).contains("created");
        assertThat(stored.keys()).containsExactly("order-sync-1", "customer-7");
        assertThat(stored.properties()).containsEntry("region", "eu");
        assertThat(stored.queueId()).isEqualTo(receipt.queue().queueId());
        assertThat(stored.queueOffset()).isEqualTo(receipt.queueOffset());
    }

    @Test
    void sendsAsync_andCompletesEveryFuture() {
        List<CompletableFuture<SendReceipt>> futures = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            futures.add(hexmq.clients().producer().sendAsync(order("async-" + i)));
        }

        Set<String> ids = futures.stream().map(CompletableFuture::join).map(SendReceipt::msgId)
                .collect(Collectors.toSet());

        assertThat(ids).hasSize(20);
    }

    @Test
    void roundRobinsOverAllQueues() {
        Set<Integer> queues = new java.util.HashSet<>();
        for (int i = 0; i < 8; i++) {
            queues.add(hexmq.clients().producer().send(order("rr-" + i)).queue().queueId());
        }
        assertThat(queues).containsExactlyInAnyOrder(0, 1, 2, 3);
    }

    @Test
    void sendsOneway_andTheMessageArrives() {
        MessageQueue queue = new MessageQueue("sdk-orders", hexmq.server().brokerName(), 3);
        long before = maxOffset(queue);

        hexmq.clients().producer().sendOneway(order("oneway"));
        hexmq.clients().producer().sendOneway(order("oneway"));
        hexmq.clients().producer().sendOneway(order("oneway"));
        hexmq.clients().producer().sendOneway(order("oneway"));

        Await.until("the oneway messages are stored", () -> maxOffset(queue) > before);
    }

    @Test
    void sendsBatch_asSeparateMessagesInOneQueue() {
        List<Message> batch = List.of(order("b-0"), order("b-1"), order("b-2"));

        SendReceipt receipt = hexmq.clients().producer().sendBatch(batch);

        assertThat(receipt.msgIds()).hasSize(3).doesNotHaveDuplicates();
        String[] offsetIds = receipt.offsetMsgId().split(",");
        assertThat(offsetIds).hasSize(3);
        for (int i = 0; i < 3; i++) {
            ReceivedMessage stored = hexmq.clients().client().admin().viewMessage(offsetIds[i]);
            assertThat(stored.bodyAsString()).isEqualTo("b-" + i);
            assertThat(stored.msgId()).isEqualTo(receipt.msgIds().get(i));
            assertThat(stored.queueId()).isEqualTo(receipt.queue().queueId());
            assertThat(stored.queueOffset()).isEqualTo(receipt.queueOffset() + i);
            assertThat(stored.tags()).contains("created");
        }
    }

    @Test
    void sendsToAChosenQueue() {
        MessageQueue queue = new MessageQueue("sdk-orders", hexmq.server().brokerName(), 2);

        SendReceipt first = hexmq.clients().producer().send(order("q-1"), queue);
        SendReceipt second = hexmq.clients().producer().sendAsync(order("q-2"), queue).join();

        assertThat(first.queue()).isEqualTo(queue);
        assertThat(second.queue()).isEqualTo(queue);
        assertThat(second.queueOffset()).isGreaterThan(first.queueOffset());
    }

    @Test
    void keepsOrderPerKey_withASelector() {
        MessageQueueSelector byKey = MessageQueueSelector.byArgumentHash();
        List<SendReceipt> receipts = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            receipts.add(hexmq.clients().producer().send(order("ordered-" + i), byKey, "order-42"));
        }

        assertThat(receipts).extracting(SendReceipt::queue).containsOnly(receipts.get(0).queue());
        assertThat(receipts).extracting(SendReceipt::queueOffset).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void createsATopicOnFirstSend_throughTheAutoCreateTopicsRoute() {
        SendReceipt receipt = hexmq.clients().producer()
                .send(Message.builder("sdk-auto-created").body("first").build());

        assertThat(receipt.status()).isEqualTo(SendStatus.SEND_OK);
        Await.until("the new topic is routed",
                () -> hexmq.clients().client().admin().listTopics().contains("sdk-auto-created"));
    }

    @Test
    void deliversDelayLevelAndFlagToTheBroker() {
        SendReceipt receipt = hexmq.clients().producer()
                .send(Message.builder("sdk-orders").body("later").delayLevel(1).flag(5).build());

        assertThat(receipt.status()).isEqualTo(SendStatus.SEND_OK);
    }

    @Test
    void throwsTheBrokersCodeAndRemark_whenTheBrokerRefuses() {
        Producer noRetries = hexmq.clients().client().newProducer().group("sdk-pg-refused").retries(0).build();
        try {
            assertThatThrownBy(() -> noRetries.send(Message.builder("SCHEDULE_TOPIC_XXXX").body("x").build()))
                    .isInstanceOfSatisfying(HexmqClientException.class, e -> {
                        assertThat(e.responseCode()).isEqualTo(16);
                        assertThat(e.remark()).isNotBlank();
                    });
        } finally {
            noRetries.close();
        }
    }

    @Test
    void failsOverToTheNextNameServer_whenTheFirstIsDown() {
        try (HexmqClient failover = HexmqClient.builder()
                .nameServers("127.0.0.1:1;" + hexmq.server().nameServer()).build();
             Producer failoverProducer = failover.newProducer().group("sdk-pg-failover").build()) {
            assertThat(failoverProducer.send(order("failover")).status()).isEqualTo(SendStatus.SEND_OK);
        }
    }

    @Test
    void leavesNoThreadBehind_afterClose() {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        HexmqClient shortLived = SdkClients.client(hexmq.server());
        Producer shortLivedProducer = shortLived.newProducer().group("sdk-pg-short").build();
        shortLivedProducer.sendAsync(order("bye")).join();
        assertThat(startedSince(before)).isNotEmpty();

        shortLived.close();

        assertThatThrownBy(() -> shortLivedProducer.send(order("after-close")))
                .isInstanceOf(HexmqClientException.class);
        Await.until("no thread of the closed client left", () -> startedSince(before).isEmpty());
    }

    private static List<Thread> startedSince(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> !before.contains(thread) && thread.isAlive())
                .filter(thread -> thread.getName().startsWith("hexmq-client-"))
                .toList();
    }

    private static long maxOffset(MessageQueue queue) {
        return hexmq.clients().client().admin().topicStatus(queue.topic()).stream()
                .filter(status -> status.queue().equals(queue)).findFirst().orElseThrow().maxOffset();
    }
}

package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.client.Admin;
import io.hexmq.client.BrokerStatus;
import io.hexmq.client.ConsumerProgress;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.Producer;
import io.hexmq.client.QueueStatus;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.TopicRoute;
import io.hexmq.client.TopicSettings;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The SDK admin against a real hexmq standalone. */
class AdminIT {

    @RegisterExtension
    static final StandaloneExtension<HexmqClient> hexmq = StandaloneExtension.onFileStore()
            .withClients(SdkClients::client);

    private static Admin admin;
    private static Producer producer;

    @BeforeAll
    static void start() {
        admin = hexmq.clients().admin();
        producer = SdkClients.producer(hexmq.clients(), "sdk-admin-pg");
    }

    @Test
    void listsTheClusterWithItsBrokerAndRuntimeFigures() {
        List<BrokerStatus> brokers = admin.clusters();

        assertThat(brokers).hasSize(1);
        BrokerStatus broker = brokers.get(0);
        assertThat(broker.brokerName()).isEqualTo(hexmq.server().brokerName());
        assertThat(broker.brokerId()).isZero();
        assertThat(broker.address()).endsWith(":" + hexmq.server().broker().split(":")[1]);
        assertThat(broker.runtime()).containsKey("brokerVersionDesc");
    }

    @Test
    void createsUpdatesListsRoutesAndDeletesATopic() {
        String cluster = SdkClients.cluster(hexmq.clients());
        SdkClients.createTopic(hexmq.clients(), "sdk-admin-topic", 2);

        TopicRoute route = admin.topicRoute("sdk-admin-topic");
        assertThat(route.queues()).singleElement().satisfies(queues -> {
            assertThat(queues.brokerName()).isEqualTo(hexmq.server().brokerName());
            assertThat(queues.readQueueNums()).isEqualTo(2);
            assertThat(queues.perm()).isEqualTo(6);
        });
        assertThat(route.brokers()).singleElement().satisfies(broker -> assertThat(broker.masterAddress()).isPresent());
        assertThat(admin.listTopics()).contains("sdk-admin-topic");

        admin.createOrUpdateTopic(cluster, new TopicSettings("sdk-admin-topic", 3, 3, 6, false));
        Await.until("the update reaches the route",
                () -> admin.topicRoute("sdk-admin-topic").queues().get(0).writeQueueNums() == 3);

        admin.deleteTopic(cluster, "sdk-admin-topic");
        assertThat(admin.listTopics()).doesNotContain("sdk-admin-topic");
        assertThatThrownBy(() -> admin.topicRoute("sdk-admin-topic"))
                .isInstanceOfSatisfying(HexmqClientException.class, e -> assertThat(e.responseCode()).isEqualTo(17));
    }

    @Test
    void refusesToCreateATopicInAnUnknownCluster() {
        assertThatThrownBy(() -> admin.createOrUpdateTopic("no-such-cluster", TopicSettings.of("sdk-x", 1)))
                .isInstanceOf(HexmqClientException.class)
                .hasMessageContaining("no-such-cluster");
    }

    @Test
    void reportsMinAndMaxOffsetPerQueue() {
        SdkClients.createTopic(hexmq.clients(), "sdk-status", 2);
        MessageQueue queue1 = new MessageQueue("sdk-status", hexmq.server().brokerName(), 1);
        for (int i = 0; i < 3; i++) {
            producer.send(Message.builder("sdk-status").body("m" + i).build(), queue1);
        }

        List<QueueStatus> status = admin.topicStatus("sdk-status");

        assertThat(status).extracting(QueueStatus::queue)
                .containsExactly(new MessageQueue("sdk-status", hexmq.server().brokerName(), 0), queue1);
        assertThat(status.get(0).maxOffset()).isZero();
        assertThat(status.get(1).minOffset()).isZero();
        assertThat(status.get(1).maxOffset()).isEqualTo(3);
        assertThat(status.get(1).lastUpdateTimestamp()).isPositive();
    }

    @Test
    void showsAConsumerGroupsOffsetsAndLag() throws Exception {
        SdkClients.createTopic(hexmq.clients(), "sdk-progress", 1);
        for (int i = 0; i < 4; i++) {
            producer.send(Message.builder("sdk-progress").body("p" + i).build());
        }
        try (OfficialClients official = new OfficialClients(hexmq.server().nameServer())) {
            official.consumeAndCommit("sdk-progress", "sdk-progress-cg", 2);
            Await.until("the committed offset reaches the broker", () -> {
                ConsumerProgress progress = admin.consumerProgress("sdk-progress-cg");
                return !progress.queues().isEmpty() && progress.queues().get(0).consumerOffset() > 0;
            });
        }

        ConsumerProgress progress = admin.consumerProgress("sdk-progress-cg");
        assertThat(progress.queues()).singleElement().satisfies(queue -> {
            assertThat(queue.queue().topic()).isEqualTo("sdk-progress");
            assertThat(queue.brokerOffset()).isEqualTo(4);
            assertThat(queue.lag()).isEqualTo(4 - queue.consumerOffset());
        });
        assertThat(progress.totalLag()).isEqualTo(progress.queues().get(0).lag());
    }

    @Test
    void viewsAMessageByItsOffsetId() {
        SendReceipt receipt = producer.send(Message.builder("sdk-view").body("look at me").keys("v-1").build());

        ReceivedMessage message = admin.viewMessage(receipt.offsetMsgId());

        assertThat(message.bodyAsString()).isEqualTo("look at me");
        assertThat(message.offsetMsgId()).isEqualTo(receipt.offsetMsgId());
        assertThat(message.keys()).containsExactly("v-1");
        assertThat(message.storeTimestamp()).isPositive();
    }

    @Test
    void queriesMessagesByKey_withinTheTimeRange() {
        producer.send(Message.builder("sdk-query").body("q").keys("wanted", "other").build());
        producer.send(Message.builder("sdk-query").body("not this one").keys("unwanted").build());
        SdkClients.awaitRoute(hexmq.clients(), "sdk-query");
        Instant now = Instant.now();

        List<ReceivedMessage> found = admin.queryMessagesByKey("sdk-query", "wanted", 10,
                now.minusSeconds(600), now.plusSeconds(600));
        List<ReceivedMessage> tooEarly = admin.queryMessagesByKey("sdk-query", "wanted", 10,
                now.minusSeconds(1200), now.minusSeconds(600));

        assertThat(found).extracting(ReceivedMessage::bodyAsString).containsExactly("q");
        assertThat(found.get(0).keys()).containsExactly("wanted", "other");
        assertThat(tooEarly).isEmpty();
    }

    @Test
    void queriesMessagesByTag_notByAKeyOfTheSameText() {
        producer.send(Message.builder("sdk-query-tag").body("tagged").tags("TagA").keys("k-1").build());
        producer.send(Message.builder("sdk-query-tag").body("keyed").tags("TagB").keys("TagA").build());
        SdkClients.awaitRoute(hexmq.clients(), "sdk-query-tag");
        Instant now = Instant.now();

        List<ReceivedMessage> byTag = admin.queryMessagesByTag("sdk-query-tag", "TagA", 10,
                now.minusSeconds(600), now.plusSeconds(600));
        List<ReceivedMessage> byKey = admin.queryMessagesByKey("sdk-query-tag", "TagA", 10,
                now.minusSeconds(600), now.plusSeconds(600));

        assertThat(byTag).extracting(ReceivedMessage::bodyAsString).containsExactly("tagged");
        assertThat(byKey).extracting(ReceivedMessage::bodyAsString).containsExactly("keyed");
    }

    @Test
    void putsGetsAndDeletesKvConfig() {
        admin.putKvConfig("SDK_NS", "colour", "blue");
        assertThat(admin.getKvConfig("SDK_NS", "colour")).contains("blue");

        admin.deleteKvConfig("SDK_NS", "colour");
        assertThat(admin.getKvConfig("SDK_NS", "colour")).isEmpty();
    }
}

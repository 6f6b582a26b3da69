package io.hexmq.compat4x;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.QueryResult;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.admin.ConsumeStats;
import org.apache.rocketmq.common.admin.OffsetWrapper;
import org.apache.rocketmq.common.admin.TopicStatsTable;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.protocol.body.ClusterInfo;
import org.apache.rocketmq.common.protocol.body.Connection;
import org.apache.rocketmq.common.protocol.body.ConsumerConnection;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What mqadmin 4.9.x (DefaultMQAdminExt from rocketmq-tools 4.9.8) creates and reads on hexmq: a topic
 * it creates becomes routable, cluster info names the broker in the JSON flavour a 4.9.8 client gets, and
 * the figures after real traffic are exact.
 */
class AdminCompatibility4xIT {

    private static final String TOPIC = "Admin4x";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    private DefaultMQAdminExt admin;
    private DefaultMQProducer producer;

    @BeforeEach
    void start() throws Exception {
        admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(hexmq.server().nameServer());
        admin.setInstanceName("it-admin-4x-" + System.nanoTime());
        admin.start();
        admin.createAndUpdateTopicConfig(hexmq.server().broker(), new TopicConfig(TOPIC, 2, 2, 6));
        Await.until("the created topic routed", Duration.ofSeconds(60), this::routed);
        producer = hexmq.clients().producer("pg-admin-4x");
    }

    private boolean routed() {
        try {
            return admin.examineTopicRouteInfo(TOPIC).getQueueDatas().get(0).getWriteQueueNums() == 2;
        } catch (Exception notYet) {
            return false;
        }
    }

    @AfterEach
    void stop() {
        if (admin != null) {
            admin.shutdown();
        }
    }

    private SendResult send(int queueId, String keys, String body) throws Exception {
        return producer.send(new Message(TOPIC, "T", keys, body.getBytes(StandardCharsets.UTF_8)),
                (queues, message, arg) -> queues.get(queueId), null);
    }

    private static List<String> bodies(List<MessageExt> messages) {
        List<String> bodies = new ArrayList<>();
        messages.forEach(message -> bodies.add(new String(message.getBody(), StandardCharsets.UTF_8)));
        return bodies;
    }

    @Test
    void clusterInfoTopicStatsConsumeStatsAndConnections_describeTheBrokerAfterRealTraffic() throws Exception {
        ClusterInfo cluster = admin.examineBrokerClusterInfo();
        assertThat(cluster.getBrokerAddrTable().get(hexmq.server().brokerName()).getBrokerAddrs())
                .containsExactly(Map.entry(0L, hexmq.server().broker()));
        assertThat(cluster.getClusterAddrTable()).containsValue(Set.of(hexmq.server().brokerName()));

        for (int i = 0; i < 6; i++) {
            send(i % 2, "k" + i, "m" + i);
        }
        TopicStatsTable stats = admin.examineTopicStats(TOPIC);
        assertThat(stats.getOffsetTable()).hasSize(2);
        assertThat(stats.getOffsetTable().values()).allSatisfy(offsets -> {
            assertThat(offsets.getMinOffset()).isZero();
            assertThat(offsets.getMaxOffset()).isEqualTo(3);
            assertThat(offsets.getLastUpdateTimestamp()).isPositive();
        });

        Map<String, MessageExt> consumed = hexmq.clients().consumeByBody("cg-admin-4x", TOPIC, "*");
        Await.until("6 consumed", Duration.ofSeconds(60), () -> consumed.size() == 6);
        Await.until("the group's offsets committed on the broker", Duration.ofSeconds(60), () -> lag() == 0);

        // Asked without a topic (as mqadmin consumerProgress asks), the broker reports every topic the group
        // committed offsets on: the client also commits its retry queue's offset 0 once its periodic
        // offset flush has run, so that queue may or may not be there yet.
        ConsumeStats consumeStats = admin.examineConsumeStats("cg-admin-4x");
        Map<MessageQueue, OffsetWrapper> topicOffsets = consumeStats.getOffsetTable().entrySet().stream()
                .filter(entry -> entry.getKey().getTopic().equals(TOPIC))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertThat(topicOffsets).hasSize(2);
        assertThat(topicOffsets.values()).allSatisfy(offsets -> {
            assertThat(offsets.getBrokerOffset()).isEqualTo(3);
            assertThat(offsets.getConsumerOffset()).isEqualTo(3);
        });
        assertThat(consumeStats.getOffsetTable().keySet()).extracting(MessageQueue::getTopic)
                .allMatch(topic -> topic.equals(TOPIC) || topic.equals("%RETRY%cg-admin-4x"));
        ConsumerConnection connections = admin.examineConsumerConnectionInfo("cg-admin-4x");
        assertThat(connections.getConnectionSet()).extracting(Connection::getVersion)
                .containsExactly(MQVersion.Version.V4_9_8.ordinal());
        assertThat(connections.getSubscriptionTable()).containsKey(TOPIC);
    }

    private long lag() {
        try {
            ConsumeStats stats = admin.examineConsumeStats("cg-admin-4x", TOPIC);
            return stats.getOffsetTable().size() == 2 ? stats.computeTotalDiff() : -1;
        } catch (Exception notYet) {
            return -1;
        }
    }

    @Test
    void queryMessageFindsEveryMessageOfAKey_andViewMessageFindsOneByEitherId() throws Exception {
        long begin = System.currentTimeMillis() - 1_000;
        List<SendResult> sent = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            sent.add(send(i % 2, "order-" + (i % 3), "q" + i));
        }
        long end = System.currentTimeMillis() + 1_000;

        QueryResult byKey = admin.queryMessage(TOPIC, "order-1", 32, begin, end);
        MessageExt byOffsetId = admin.viewMessage(TOPIC, sent.get(4).getOffsetMsgId());
        MessageExt byUniqueId = admin.viewMessage(TOPIC, sent.get(5).getMsgId());

        assertThat(bodies(byKey.getMessageList())).containsExactlyInAnyOrder("q1", "q4");
        assertThat(new String(byOffsetId.getBody(), StandardCharsets.UTF_8)).isEqualTo("q4");
        assertThat(byOffsetId.getMsgId()).isEqualTo(sent.get(4).getMsgId());
        assertThat(byOffsetId.getQueueOffset()).isEqualTo(sent.get(4).getQueueOffset());
        assertThat(new String(byUniqueId.getBody(), StandardCharsets.UTF_8)).isEqualTo("q5");
        assertThat(byUniqueId.getKeys()).isEqualTo("order-2");
    }
}

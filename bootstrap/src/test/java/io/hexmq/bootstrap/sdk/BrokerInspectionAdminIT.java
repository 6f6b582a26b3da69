package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.client.Admin;
import io.hexmq.client.BrokerConsumeStats;
import io.hexmq.client.BrokerStats;
import io.hexmq.client.ConsumeQueueEntries;
import io.hexmq.client.HaStatus;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.Producer;
import io.hexmq.client.QueueProgress;
import io.hexmq.client.SendReceipt;
import io.hexmq.domain.message.OffsetMessageId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The SDK admin's calls to one broker (queryCq, housekeeping, haStatus, brokerStatus, statsAll) against a real hexmq standalone. */
class BrokerInspectionAdminIT {

    @RegisterExtension
    static final StandaloneExtension<HexmqClient> hexmq = StandaloneExtension.onFileStore()
            .withClients(SdkClients::client);

    private static Admin admin;
    private static Producer producer;
    private static String broker;

    @BeforeAll
    static void start() {
        admin = hexmq.clients().admin();
        producer = SdkClients.producer(hexmq.clients(), "sdk-inspect-pg");
        broker = hexmq.server().broker();
    }

    @Test
    void queryConsumeQueue_showsWhereEachMessageLiesInTheCommitLog() {
        SdkClients.createTopic(hexmq.clients(), "sdk-cq", 1);
        MessageQueue queue = new MessageQueue("sdk-cq", hexmq.server().brokerName(), 0);
        List<SendReceipt> receipts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            receipts.add(producer.send(Message.builder("sdk-cq").body("cq" + i).build(), queue));
        }

        ConsumeQueueEntries found = admin.queryConsumeQueue(broker, "sdk-cq", 0, 1, 10, null).orElseThrow();

        assertThat(found.minIndex()).isZero();
        assertThat(found.maxIndex()).isEqualTo(3);
        assertThat(found.filterData()).as("no group named").isEmpty();
        assertThat(found.entries()).extracting(ConsumeQueueEntries.Entry::commitLogOffset).containsExactly(
                OffsetMessageId.decode(receipts.get(1).offsetMsgId()).commitLogOffset(),
                OffsetMessageId.decode(receipts.get(2).offsetMsgId()).commitLogOffset());
        assertThat(found.entries()).allSatisfy(entry -> assertThat(entry.size()).isPositive());
    }

    @Test
    void queryConsumeQueue_saysWhenTheGroupIsOffline_answersNothingPastTheEnd_andRefusesAnUnknownQueue() {
        SdkClients.createTopic(hexmq.clients(), "sdk-cq-edges", 1);
        producer.send(Message.builder("sdk-cq-edges").body("only").build());

        Optional<ConsumeQueueEntries> withGroup = admin.queryConsumeQueue(broker, "sdk-cq-edges", 0, 0, 1, "sdk-cq-cg");
        assertThat(withGroup.orElseThrow().filterData()).contains("sdk-cq-cg@sdk-cq-edges is not online!");
        assertThat(admin.queryConsumeQueue(broker, "sdk-cq-edges", 0, 5, 1, null)).isEmpty();
        assertThatThrownBy(() -> admin.queryConsumeQueue(broker, "sdk-cq-edges", 7, 0, 1, null))
                .isInstanceOfSatisfying(HexmqClientException.class, e -> {
                    assertThat(e.responseCode()).isEqualTo(1);
                    assertThat(e.remark()).isEqualTo("7@sdk-cq-edges is not exist!");
                });
    }

    @Test
    void housekeeping_runsOnTheBroker_andKeepsWhatHasNotExpired() {
        SdkClients.createTopic(hexmq.clients(), "sdk-kept", 1);
        producer.send(Message.builder("sdk-kept").body("kept").build());

        admin.deleteExpiredCommitLog(broker);
        admin.cleanExpiredConsumeQueue(broker);
        admin.cleanUnusedTopic(broker);

        assertThat(admin.queryConsumeQueue(broker, "sdk-kept", 0, 0, 1, null).orElseThrow().entries()).hasSize(1);
    }

    @Test
    void haStatus_ofAStandaloneBroker_isAMasterWithoutSlaves() {
        SendReceipt receipt = producer.send(Message.builder("sdk-ha").body("ha").build());

        HaStatus status = admin.haStatus(broker);

        assertThat(status.master()).isTrue();
        assertThat(status.inSyncSlaves()).isZero();
        assertThat(status.masterCommitLogMaxOffset())
                .isGreaterThan(OffsetMessageId.decode(receipt.offsetMsgId()).commitLogOffset());
    }

    @Test
    void brokerRuntime_answersTheBrokersFigures() {
        assertThat(admin.brokerRuntime(broker)).containsKey("brokerVersionDesc").containsKey("putMessageAverageSize");
    }

    @Test
    void brokerStats_countsATopicsPuts_andRefusesAKeyWithoutTraffic() {
        SdkClients.createTopic(hexmq.clients(), "sdk-stats", 1);
        producer.send(Message.builder("sdk-stats").body("counted").build());

        Await.until("the minute's figures count the put", () -> minuteSum("TOPIC_PUT_NUMS", "sdk-stats") == 1);
        BrokerStats bytes = admin.brokerStats(broker, "TOPIC_PUT_SIZE", "sdk-stats");
        assertThat(bytes.minute().sum()).as("the stored record's bytes").isGreaterThan(1);
        assertThatThrownBy(() -> admin.brokerStats(broker, "TOPIC_PUT_NUMS", "sdk-no-traffic"))
                .isInstanceOfSatisfying(HexmqClientException.class, e -> assertThat(e.remark())
                        .isEqualTo("The stats <TOPIC_PUT_NUMS> <sdk-no-traffic> not exist"));
    }

    @Test
    void brokerConsumeStats_showsEachGroupsProgressPerQueue_andTheTotalLag() throws Exception {
        SdkClients.createTopic(hexmq.clients(), "sdk-bcs", 1);
        for (int i = 0; i < 4; i++) {
            producer.send(Message.builder("sdk-bcs").body("b" + i).build());
        }
        try (OfficialClients official = new OfficialClients(hexmq.server().nameServer())) {
            official.consumeAndCommit("sdk-bcs", "sdk-bcs-cg", 2);
        }
        Await.until("the broker's consume stats show the commit", () -> committed(admin.brokerConsumeStats(broker, false)) > 0);

        BrokerConsumeStats stats = admin.brokerConsumeStats(broker, false);

        assertThat(stats.brokerAddress()).endsWith(":" + broker.split(":")[1]);
        BrokerConsumeStats.GroupTopic group = stats.groups().stream().filter(g -> g.group().equals("sdk-bcs-cg"))
                .findFirst().orElseThrow();
        assertThat(group.queues()).singleElement().satisfies(queue -> {
            assertThat(queue.queue()).isEqualTo(new MessageQueue("sdk-bcs", hexmq.server().brokerName(), 0));
            assertThat(queue.brokerOffset()).isEqualTo(4);
        });
        assertThat(stats.totalDiff()).isGreaterThanOrEqualTo(group.queues().get(0).lag());
        assertThat(admin.brokerConsumeStats(broker, true).groups()).as("no topic is consumed orderly")
                .noneMatch(g -> g.group().equals("sdk-bcs-cg"));
    }

    private static long committed(BrokerConsumeStats stats) {
        return stats.groups().stream().filter(group -> group.group().equals("sdk-bcs-cg"))
                .flatMap(group -> group.queues().stream()).mapToLong(QueueProgress::consumerOffset).max().orElse(0);
    }

    private static long minuteSum(String statsName, String statsKey) {
        try {
            return admin.brokerStats(broker, statsName, statsKey).minute().sum();
        } catch (HexmqClientException notSampledYet) {
            return -1;
        }
    }
}

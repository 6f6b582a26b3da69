package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.body.ConsumeStatsList;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * hexmq's admin codes as Apache RocketMQ's own admin sees them: DefaultMQAdminExt from rocketmq-tools,
 * the class mqadmin drives, against a real standalone hexmq.
 */
class AdminExtCompatibilityIT {

    private static final long TIMEOUT = 5_000;

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    @RegisterExtension
    final OfficialAdminExtension admin = OfficialAdminExtension.of(hexmq, "admin-ext-it");

    private Properties nameServerConfig() throws Exception {
        Map<String, Properties> configs = admin.get().getNameServerConfig(List.of(hexmq.server().nameServer()));
        assertThat(configs).containsOnlyKeys(hexmq.server().nameServer());
        return configs.get(hexmq.server().nameServer());
    }

    /** The official client API under the admin.get(), for the codes DefaultMQAdminExt itself does not send. */
    private MQClientAPIImpl clientApi() {
        return admin.get().getDefaultMQAdminExtImpl().getMqClientInstance().getMQClientAPIImpl();
    }

    private static Properties properties(String key, String value) {
        Properties properties = new Properties();
        properties.setProperty(key, value);
        return properties;
    }

    @Test
    void nameServerConfig_isReadAndChangedAtRunTime() throws Exception {
        Properties before = nameServerConfig();
        assertThat(before.getProperty("kvConfigPath"))
                .isEqualTo(hexmq.server().dataDir().resolve("namesrv/kvConfig.json").toString());
        assertThat(before.getProperty("orderMessageEnable")).isEqualTo("false");

        admin.get().updateNameServerConfig(properties("orderMessageEnable", "true"),
                List.of(hexmq.server().nameServer()));

        assertThat(nameServerConfig().getProperty("orderMessageEnable")).isEqualTo("true");
    }

    @Test
    void nameServerConfig_refusesBlackListedAndFixedKeys_withNoPermission() throws Exception {
        assertThatThrownBy(() -> admin.get().updateNameServerConfig(properties("kvConfigPath", "/tmp/elsewhere.json"),
                List.of(hexmq.server().nameServer())))
                .isInstanceOfSatisfying(MQClientException.class, e -> {
                    assertThat(e.getResponseCode()).isEqualTo(ResponseCode.NO_PERMISSION);
                    assertThat(e.getErrorMessage()).contains("black list");
                });
        assertThatThrownBy(() -> admin.get().updateNameServerConfig(properties("listenPort", "1"),
                List.of(hexmq.server().nameServer())))
                .isInstanceOfSatisfying(MQClientException.class,
                        e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.NO_PERMISSION));

        assertThat(nameServerConfig().getProperty("kvConfigPath")).doesNotContain("elsewhere");
    }

    @Test
    void systemTopicList_namesTheClusterTheBrokerAndItsSystemTopics() throws Exception {
        // DefaultMQAdminExt 5.3.3 has no getSystemTopicList of its own; its client API is what mqadmin reaches.
        TopicList list = clientApi().getSystemTopicList(TIMEOUT);

        RunningStandalone server = hexmq.server();
        assertThat(list.getTopicList()).contains(server.clusterName(), server.brokerName(), "SCHEDULE_TOPIC_XXXX",
                "RMQ_SYS_TRANS_HALF_TOPIC", server.clusterName() + "_REPLY_TOPIC");
    }

    @Test
    void topicConfig_ofOneTopic_isReadFromTheBroker() throws Exception {
        TopicConfig created = new TopicConfig("ExamineTopic", 3, 2, 6);
        created.setOrder(true);
        admin.get().createAndUpdateTopicConfig(hexmq.server().broker(), created);

        TopicConfig examined = admin.get().examineTopicConfig(hexmq.server().broker(), "ExamineTopic");

        assertThat(examined.getTopicName()).isEqualTo("ExamineTopic");
        assertThat(examined.getReadQueueNums()).isEqualTo(3);
        assertThat(examined.getWriteQueueNums()).isEqualTo(2);
        assertThat(examined.getPerm()).isEqualTo(6);
        assertThat(examined.isOrder()).isTrue();
        assertThatThrownBy(() -> admin.get().examineTopicConfig(hexmq.server().broker(), "NoSuchTopic"))
                .isInstanceOfSatisfying(MQBrokerException.class,
                        e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST));
    }

    @Test
    void subscriptionGroupConfig_ofOneGroup_isReadFromTheBroker() throws Exception {
        SubscriptionGroupConfig created = new SubscriptionGroupConfig();
        created.setGroupName("cg-examined");
        created.setRetryMaxTimes(7);
        admin.get().createAndUpdateSubscriptionGroupConfig(hexmq.server().broker(), created);

        // DefaultMQAdminExt.examineSubscriptionGroupConfig reads GET_ALL_SUBSCRIPTIONGROUP_CONFIG in 5.3.3;
        // its client API is what sends GET_SUBSCRIPTIONGROUP_CONFIG.
        MQClientAPIImpl clientApi = clientApi();
        SubscriptionGroupConfig examined = clientApi.getSubscriptionGroupConfig(hexmq.server().broker(), "cg-examined",
                TIMEOUT);

        assertThat(examined.getGroupName()).isEqualTo("cg-examined");
        assertThat(examined.getRetryMaxTimes()).isEqualTo(7);
        assertThat(admin.get().examineSubscriptionGroupConfig(hexmq.server().broker(), "cg-examined")
                .getRetryMaxTimes())
                .isEqualTo(7);
        // As RocketMQ does under autoCreateSubscriptionGroup (on by default): an unknown group is created.
        SubscriptionGroupConfig unseen = clientApi.getSubscriptionGroupConfig(hexmq.server().broker(), "cg-nobody",
                TIMEOUT);
        assertThat(unseen.getGroupName()).isEqualTo("cg-nobody");
        assertThat(unseen.getRetryMaxTimes()).isEqualTo(16);
    }

    @Test
    void whoConsumesWhat_coversOnlineSubscribersAndGroupsThatOnlyCommittedOffsets() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-who");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "WhoTopic", 2);
        producer.send(new Message("WhoTopic", "T", "m".getBytes(StandardCharsets.UTF_8)));
        Await.until("mqadmin producer lists the producer, which heartbeats once it knows the broker",
                () -> producerGroups().contains("pg-who"));
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-who");
        consumer.subscribe("WhoTopic", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) ->
                ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
        consumer.start();

        Await.until("the online group is reported for its topic", () -> consumersOf("WhoTopic").contains("cg-who"));
        Await.until("the group's topics are reported", () -> topicsOf("cg-who").contains("WhoTopic"));
        assertThat(admin.get().queryTopicsByConsumer("cg-who").getTopicList()).doesNotContain("pg-who", "TBW102");
        Await.until("the consumed offset is committed", () -> committed("cg-who", "WhoTopic") == 1);
        ConsumeStats live = admin.get().examineConsumeStats("cg-who", "WhoTopic");
        assertThat(live.computeTotalDiff()).as("consumerProgress's diff of a caught-up group").isZero();
        assertThat(live.computeInflightTotalDiff()).as("consumerProgress's inflight of a caught-up group").isZero();
        ConsumeStatsList brokerWide = admin.get().fetchConsumeStatsInBroker(hexmq.server().broker(), false, 10_000);
        assertThat(brokerWide.getBrokerAddr()).isEqualTo(hexmq.server().broker());
        assertThat(brokerWide.getConsumeStatsList()).as("brokerConsumeStats has the group's topic")
                .anySatisfy(group -> assertThat(group.get("cg-who")).singleElement()
                        .satisfies(stats -> assertThat(stats.computeTotalDiff()).isZero()));

        Await.until("statsAll's figures count the send and the delivery", () -> minuteSum("TOPIC_PUT_NUMS", "WhoTopic") == 1
                && minuteSum("GROUP_GET_NUMS", "WhoTopic@cg-who") == 1);
        assertThat(admin.get().viewBrokerStatsData(hexmq.server().broker(), "TOPIC_PUT_SIZE", "WhoTopic")
                .getStatsMinute()
                .getSum()).as("the stored record's bytes").isGreaterThan(1);
        assertThatThrownBy(() -> admin.get().viewBrokerStatsData(hexmq.server().broker(), "TOPIC_PUT_NUMS",
                "NoTraffic"))
                .hasMessageContaining("The stats <TOPIC_PUT_NUMS> <NoTraffic> not exist");
        admin.get().cloneGroupOffset("cg-who", "cg-who-clone", "WhoTopic", false);
        assertThat(committed("cg-who-clone", "WhoTopic")).as("cloneGroupOffset copied the offset").isEqualTo(1);

        consumer.shutdown();
        Await.until("the group went offline", () -> !isOnline("cg-who"));
        assertThat(admin.get().queryTopicConsumeByWho("WhoTopic").getGroupList())
                .as("the group, and its clone by its committed offsets").containsExactlyInAnyOrder("cg-who", "cg-who-clone");
    }

    private long minuteSum(String statsName, String statsKey) {
        try {
            return admin.get().viewBrokerStatsData(hexmq.server().broker(), statsName, statsKey).getStatsMinute()
                    .getSum();
        } catch (Exception notSampledYet) {
            return -1;
        }
    }

    private Set<String> producerGroups() {
        try {
            return admin.get().getAllProducerInfo(hexmq.server().broker()).getData().keySet();
        } catch (Exception notYet) {
            return Set.of();
        }
    }

    private Set<String> consumersOf(String topic) {
        try {
            return admin.get().queryTopicConsumeByWho(topic).getGroupList();
        } catch (Exception notYet) {
            return Set.of();
        }
    }

    private Set<String> topicsOf(String group) {
        try {
            return admin.get().queryTopicsByConsumer(group).getTopicList();
        } catch (Exception retryTopicNotRoutedYet) {
            return Set.of();
        }
    }

    private long committed(String group, String topic) {
        try {
            ConsumeStats stats = admin.get().examineConsumeStats(group, topic);
            return stats.getOffsetTable().values().stream().mapToLong(o -> o.getConsumerOffset()).sum();
        } catch (Exception notYet) {
            return -1;
        }
    }

    private boolean isOnline(String group) {
        try {
            return !admin.get().examineConsumerConnectionInfo(group).getConnectionSet().isEmpty();
        } catch (Exception consumerNotOnline) {
            return false;
        }
    }
}

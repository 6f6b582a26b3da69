package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code mqadmin updateBrokerConfig} (UPDATE_BROKER_CONFIG) through the official admin API: the settings
 * a running broker obeys change on the next request, what only a restart changes is refused, and
 * {@code mqadmin getBrokerConfig} reports the values in force. And the list forms of topic and group
 * creation, {@code updateTopicList} (18) and {@code updateSubGroupList} (225).
 */
class BrokerConfigUpdateCompatibilityIT {

    private static final long TIMEOUT = 5_000;

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    private DefaultMQProducer producer;
    private MQClientAPIImpl admin;

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-config");
        admin = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "ConfigTopic", 2);
    }

    private void update(String key, String value) throws Exception {
        Properties change = new Properties();
        change.setProperty(key, value);
        admin.updateBrokerConfig(hexmq.server().broker(), change, TIMEOUT);
    }

    private int routedPermission(String topic) throws Exception {
        return admin.getTopicRouteInfoFromNameServer(topic, TIMEOUT).getQueueDatas().stream()
                .mapToInt(QueueData::getPerm).findFirst().orElseThrow();
    }

    @Test
    void brokerPermission_madeReadOnlyAndBack_reachesTheNameServerBeforeTheAdminIsAnswered() throws Exception {
        assertThat(routedPermission("ConfigTopic")).isEqualTo(6);

        update("brokerPermission", "4");

        assertThat(admin.getBrokerConfig(hexmq.server().broker(), TIMEOUT).getProperty("brokerPermission"))
                .isEqualTo("4");
        assertThat(routedPermission("ConfigTopic")).isEqualTo(4);

        update("brokerPermission", "6");

        assertThat(routedPermission("ConfigTopic")).isEqualTo(6);
        assertThat(producer.send(new Message("ConfigTopic", "again".getBytes(StandardCharsets.UTF_8)))
                .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
    }

    @Test
    void autoCreateTopicEnable_switchedOff_refusesAProducersFirstSendToANewTopic_untilSwitchedOnAgain()
            throws Exception {
        update("autoCreateTopicEnable", "false");

        assertThatThrownBy(() -> producer.send(message("BornWhileOff")))
                .isInstanceOfAny(MQClientException.class, MQBrokerException.class);

        update("autoCreateTopicEnable", "true");

        assertThat(producer.send(message("BornWhileOn")).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(admin.getBrokerConfig(hexmq.server().broker(), TIMEOUT).getProperty("autoCreateTopicEnable"))
                .isEqualTo("true");
    }

    @Test
    void refusesBlackListedFixedAndUnknownKeys_andChangesNothingThen() throws Exception {
        Properties before = admin.getBrokerConfig(hexmq.server().broker(), TIMEOUT);

        assertThatThrownBy(() -> update("brokerConfigPath", "/tmp/elsewhere"))
                .isInstanceOfSatisfying(MQBrokerException.class, refusal -> {
                    assertThat(refusal.getResponseCode()).isEqualTo(ResponseCode.NO_PERMISSION);
                    assertThat(refusal.getErrorMessage()).isEqualTo("Can not update config in black list.");
                });
        assertThatThrownBy(() -> update("listenPort", "1"))
                .isInstanceOfSatisfying(MQBrokerException.class, refusal -> {
                    assertThat(refusal.getResponseCode()).isEqualTo(ResponseCode.NO_PERMISSION);
                    assertThat(refusal.getErrorMessage()).contains("listenPort", "restart");
                });
        Properties both = new Properties();
        both.setProperty("autoCreateSubscriptionGroup", "false");
        both.setProperty("noSuchSetting", "x");
        assertThatThrownBy(() -> admin.updateBrokerConfig(hexmq.server().broker(), both, TIMEOUT))
                .isInstanceOfSatisfying(MQBrokerException.class, refusal -> {
                    assertThat(refusal.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
                    assertThat(refusal.getErrorMessage()).contains("noSuchSetting");
                });

        assertThat(admin.getBrokerConfig(hexmq.server().broker(), TIMEOUT)).isEqualTo(before);
    }

    @Test
    void updateTopicList_createsEveryTopicAtOnce_routedWhenTheAdminIsAnswered_andUpdateSubGroupList_everyGroup()
            throws Exception {
        DefaultMQAdminExt adminExt = OfficialClients.startedAdmin(hexmq.server().nameServer(), "config-list");
        try {
            TopicConfig fifo = new TopicConfig("ListedFifo", 2, 2, 6);
            fifo.setAttributes(Map.of("+message.type", "FIFO"));
            adminExt.createAndUpdateTopicConfigList(hexmq.server().broker(),
                    List.of(new TopicConfig("ListedA", 3, 3, 6), fifo));

            assertThat(admin.getTopicRouteInfoFromNameServer("ListedA", TIMEOUT).getQueueDatas())
                    .singleElement().satisfies(queues -> assertThat(queues.getWriteQueueNums()).isEqualTo(3));
            assertThat(admin.getTopicRouteInfoFromNameServer("ListedFifo", TIMEOUT).getQueueDatas()).hasSize(1);
            assertThat(adminExt.examineTopicConfig(hexmq.server().broker(), "ListedFifo").getAttributes())
                    .containsEntry("message.type", "FIFO");

            SubscriptionGroupConfig first = new SubscriptionGroupConfig();
            first.setGroupName("ListedGroupA");
            first.setRetryMaxTimes(3);
            SubscriptionGroupConfig second = new SubscriptionGroupConfig();
            second.setGroupName("ListedGroupB");
            second.setConsumeMessageOrderly(true);
            adminExt.createAndUpdateSubscriptionGroupConfigList(hexmq.server().broker(), List.of(first, second));

            assertThat(adminExt.examineSubscriptionGroupConfig(hexmq.server().broker(), "ListedGroupA")
                    .getRetryMaxTimes()).isEqualTo(3);
            assertThat(adminExt.examineSubscriptionGroupConfig(hexmq.server().broker(), "ListedGroupB")
                    .isConsumeMessageOrderly()).isTrue();
        } finally {
            adminExt.shutdown();
        }
    }

    @Test
    void updateTopicList_withOneSystemTopic_isRefused_andCreatesNoneOfTheOthers() throws Exception {
        DefaultMQAdminExt adminExt = OfficialClients.startedAdmin(hexmq.server().nameServer(), "config-refused");
        try {
            assertThatThrownBy(() -> adminExt.createAndUpdateTopicConfigList(hexmq.server().broker(),
                    List.of(new TopicConfig("NotCreated", 1, 1, 6), new TopicConfig("SCHEDULE_TOPIC_XXXX", 1, 1, 6))))
                    .isInstanceOfSatisfying(MQClientException.class, refusal -> {
                        assertThat(refusal.getResponseCode()).isEqualTo(ResponseCode.INVALID_PARAMETER);
                        assertThat(refusal.getErrorMessage()).contains("SCHEDULE_TOPIC_XXXX");
                    });

            assertThat(admin.getAllTopicConfig(hexmq.server().broker(), TIMEOUT).getTopicConfigTable())
                    .doesNotContainKey("NotCreated");
        } finally {
            adminExt.shutdown();
        }
    }

    private static Message message(String topic) {
        return new Message(topic, "first".getBytes(StandardCharsets.UTF_8));
    }
}

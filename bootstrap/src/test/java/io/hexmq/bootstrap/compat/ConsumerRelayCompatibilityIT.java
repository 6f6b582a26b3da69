package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.body.CMResult;
import org.apache.rocketmq.remoting.protocol.body.ConsumeMessageDirectlyResult;
import org.apache.rocketmq.remoting.protocol.body.ConsumerRunningInfo;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The admin questions a broker relays to one consumer client (mqadmin consumerStatus and consumeMessage,
 * through DefaultMQAdminExt 5.3.3): the official push consumer's own answers reach the admin through
 * hexmq, which never talks to the admin on the client's behalf.
 */
class ConsumerRelayCompatibilityIT {

    private static final String TOPIC = "RelayTopic";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    @RegisterExtension
    final OfficialAdminExtension admin = OfficialAdminExtension.of(hexmq, "it-admin-relay");

    private DefaultMQProducer producer;
    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-relay");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), TOPIC, 1);
    }

    /** Starts a consumer of {@code group} that records what its listener is handed, and waits until it is online. */
    private String onlineConsumer(String group, String subscription, List<MessageExt> handed) throws Exception {
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer(group);
        consumer.subscribe(TOPIC, subscription);
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            handed.addAll(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        // The admin finds the broker through the route of the group's retry topic, created by the first heartbeat.
        Await.until(group + " online with its retry topic routed", () -> online(group));
        return admin.get().examineConsumerConnectionInfo(group).getConnectionSet().iterator().next().getClientId();
    }

    private boolean online(String group) {
        try {
            return !admin.get().examineConsumerConnectionInfo(group).getConnectionSet().isEmpty()
                    && !admin.get().examineTopicRouteInfo("%RETRY%" + group).getBrokerDatas().isEmpty();
        } catch (Exception notYet) {
            return false;
        }
    }

    @Test
    void runningInfo_isTheConsumersOwnAnswer_withItsSubscriptionAndProperties() throws Exception {
        String clientId = onlineConsumer("cg-running", "TagA || TagB", new CopyOnWriteArrayList<>());

        ConsumerRunningInfo info = admin.get().getConsumerRunningInfo("cg-running", clientId, true);

        assertThat(info.getSubscriptionSet()).extracting(SubscriptionData::getTopic, SubscriptionData::getSubString)
                .contains(org.assertj.core.groups.Tuple.tuple(TOPIC, "TagA || TagB"));
        assertThat(info.getProperties())
                .containsEntry(ConsumerRunningInfo.PROP_CONSUME_TYPE, "CONSUME_PASSIVELY")
                .containsEntry("consumerGroup", "cg-running")
                .containsEntry("namesrvAddr", hexmq.server().nameServer())
                .containsKey(ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP);
        assertThat(info.getJstack()).as("the client's thread stacks, asked for").isNotBlank();
    }

    @Test
    void runningInfo_ofAClientThatIsNotOnline_isRefusedWithARemark() throws Exception {
        onlineConsumer("cg-absent", "*", new CopyOnWriteArrayList<>());

        assertThatThrownBy(() -> admin.get().getConsumerRunningInfo("cg-absent", "10.255.255.1@nobody", false))
                .hasMessageContaining("not online");
    }

    @Test
    void consumeMessageDirectly_handsTheStoredMessageToTheConsumersListener() throws Exception {
        // The consumer subscribes to another tag: its listener can only get the message from the admin.get().
        List<MessageExt> handed = new CopyOnWriteArrayList<>();
        String clientId = onlineConsumer("cg-direct", "Subscribed", handed);
        SendResult sent = producer.send(new Message(TOPIC, "NotSubscribed", "once more".getBytes(StandardCharsets.UTF_8)));
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);

        ConsumeMessageDirectlyResult result = admin.get().consumeMessageDirectly("cg-direct", clientId, TOPIC,
                sent.getMsgId());

        assertThat(result.getConsumeResult()).isEqualTo(CMResult.CR_SUCCESS);
        assertThat(handed).singleElement().satisfies(message -> {
            assertThat(message.getMsgId()).isEqualTo(sent.getMsgId());
            assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo("once more");
        });
    }
}

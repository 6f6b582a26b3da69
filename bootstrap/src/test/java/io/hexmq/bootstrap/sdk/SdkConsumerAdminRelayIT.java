package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.OfficialAdminExtension;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.client.ConsumeResult;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.Message;
import io.hexmq.client.MessageListener;
import io.hexmq.client.Producer;
import io.hexmq.client.PullConsumer;
import io.hexmq.client.PushConsumer;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.SendReceipt;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.body.CMResult;
import org.apache.rocketmq.remoting.protocol.body.ConsumeMessageDirectlyResult;
import org.apache.rocketmq.remoting.protocol.body.ConsumerRunningInfo;
import org.apache.rocketmq.remoting.protocol.body.ProcessQueueInfo;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The admin questions a broker relays to a consumer client (mqadmin consumerStatus and consumeMessage,
 * through the official DefaultMQAdminExt 5.3.3), answered by a push consumer built with the SDK.
 */
class SdkConsumerAdminRelayIT {

    private static final String TOPIC = "sdk-relay";

    @RegisterExtension
    final StandaloneExtension<HexmqClient> hexmq = StandaloneExtension.onFileStore().withClients(SdkClients::client);

    @RegisterExtension
    final OfficialAdminExtension admin = OfficialAdminExtension.of(hexmq, "it-admin-sdk-relay");

    private Producer producer;
    @BeforeEach
    void start() throws Exception {
        producer = SdkClients.producer(hexmq.clients(), "sdk-relay-pg");
        SdkClients.createTopic(hexmq.clients(), TOPIC, 2);
    }

    private PushConsumer pushConsumer(String group, String subscription, MessageListener listener) {
        PushConsumer consumer = hexmq.clients().newPushConsumer().group(group)
                .subscribe(TOPIC, subscription)
                .consumeFromFirstOffset()
                .consumeThreads(3)
                .concurrentListener(listener)
                .build();
        awaitOnline(group);
        return consumer;
    }

    /** The admin finds the broker through the route of the group's retry topic, created by the first heartbeat. */
    private void awaitOnline(String group) {
        Await.until(group + " online with its retry topic routed", () -> {
            try {
                return !admin.get().examineConsumerConnectionInfo(group).getConnectionSet().isEmpty()
                        && !admin.get().examineTopicRouteInfo("%RETRY%" + group).getBrokerDatas().isEmpty();
            } catch (Exception notYet) {
                return false;
            }
        });
    }

    private String send(String tag, String body) {
        SendReceipt receipt = producer.send(Message.builder(TOPIC).tags(tag).body(body).build());
        return receipt.msgId();
    }

    private ConsumerRunningInfo runningInfo(String group, boolean jstack) {
        try {
            return admin.get().getConsumerRunningInfo(group, hexmq.clients().clientId(), jstack);
        } catch (Exception e) {
            throw new AssertionError("running info of " + group, e);
        }
    }

    private static long committed(ConsumerRunningInfo info) {
        return info.getMqTable().entrySet().stream().filter(entry -> entry.getKey().getTopic().equals(TOPIC))
                .mapToLong(entry -> Math.max(entry.getValue().getCommitOffset(), 0)).sum();
    }

    @Test
    void runningInfo_carriesTheConsumersSubscriptionsSettingsAndQueues() {
        long before = System.currentTimeMillis();
        List<String> consumed = new CopyOnWriteArrayList<>();
        PushConsumer consumer = pushConsumer("sdk-relay-running", "TagA || TagB", message -> {
            consumed.add(message.bodyAsString());
            return ConsumeResult.SUCCESS;
        });
        Await.until("both queues assigned", () -> consumer.assignment().size() >= 2);
        for (int i = 0; i < 3; i++) {
            send("TagA", "m-" + i);
        }
        Await.until("three messages consumed", () -> consumed.size() == 3);
        Await.until("the running info shows the consumed offsets", () ->
                committed(runningInfo("sdk-relay-running", false)) == 3);

        ConsumerRunningInfo info = runningInfo("sdk-relay-running", false);

        assertThat(info.getSubscriptionSet()).extracting(SubscriptionData::getTopic, SubscriptionData::getSubString)
                .containsExactlyInAnyOrder(tuple(TOPIC, "TagA || TagB"), tuple("%RETRY%sdk-relay-running", "*"));
        assertThat(info.getSubscriptionSet()).filteredOn(sub -> sub.getTopic().equals(TOPIC)).singleElement()
                .satisfies(sub -> assertThat(sub.getTagsSet()).containsExactlyInAnyOrder("TagA", "TagB"));
        assertThat(info.getProperties())
                .containsEntry(ConsumerRunningInfo.PROP_CONSUME_TYPE, "CONSUME_PASSIVELY")
                .containsEntry(ConsumerRunningInfo.PROP_CONSUME_ORDERLY, "false")
                .containsEntry(ConsumerRunningInfo.PROP_THREADPOOL_CORE_SIZE, "3")
                .containsEntry(ConsumerRunningInfo.PROP_NAMESERVER_ADDR, hexmq.server().nameServer())
                .containsEntry("consumerGroup", "sdk-relay-running")
                .containsEntry("messageModel", "CLUSTERING")
                .containsEntry("consumeFromWhere", "CONSUME_FROM_FIRST_OFFSET");
        assertThat(Long.parseLong(info.getProperties().getProperty(ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP)))
                .isBetween(before, System.currentTimeMillis());
        assertThat(info.getMqTable().keySet()).extracting(MessageQueue::getTopic, MessageQueue::getQueueId)
                .contains(tuple(TOPIC, 0), tuple(TOPIC, 1));
        assertThat(info.getMqTable().entrySet()).filteredOn(entry -> entry.getKey().getTopic().equals(TOPIC))
                .extracting(Map.Entry::getValue).allSatisfy(queue -> {
                    assertThat(queue.getCachedMsgCount()).isZero();
                    assertThat(queue.getLastPullTimestamp()).isGreaterThanOrEqualTo(before);
                    assertThat(queue.isDroped()).isFalse();
                });
        assertThat(info.getMqTable().values()).extracting(ProcessQueueInfo::getLastConsumeTimestamp)
                .anySatisfy(at -> assertThat(at).isGreaterThanOrEqualTo(before));
        assertThat(info.getJstack()).as("stacks only when asked for").isNull();
        assertThat(ConsumerRunningInfo.analyzeProcessQueue(hexmq.clients().clientId(), info)).isEmpty();
    }

    @Test
    void runningInfo_withStacks_carriesTheClientsThreads() {
        pushConsumer("sdk-relay-stacks", "*", message -> ConsumeResult.SUCCESS);

        assertThat(runningInfo("sdk-relay-stacks", true).getJstack()).contains("hexmq-consumer-rebalance-sdk-relay-stacks");
    }

    /**
     * Has the admin hand a stored message to the listener of {@code group}, which answers {@code answer}.
     * The consumer subscribes to another tag: its listener can only get the message from the admin.get().
     */
    private Direct consumedDirectly(String group, ConsumeResult answer, List<ReceivedMessage> handed)
            throws Exception {
        pushConsumer(group, "Subscribed", message -> {
            handed.add(message);
            return answer;
        });
        String msgId = send("NotSubscribed", "once more");
        return new Direct(msgId, admin.get().consumeMessageDirectly(group, hexmq.clients().clientId(), TOPIC, msgId));
    }

    /** The id of the message the admin handed over, and what the consumer answered. */
    private record Direct(String msgId, ConsumeMessageDirectlyResult result) {
    }

    @Test
    void consumeMessageDirectly_handsTheStoredMessageToTheListener_andReportsSuccess() throws Exception {
        List<ReceivedMessage> handed = new CopyOnWriteArrayList<>();

        Direct direct = consumedDirectly("sdk-relay-direct", ConsumeResult.SUCCESS, handed);

        assertThat(direct.result().getConsumeResult()).isEqualTo(CMResult.CR_SUCCESS);
        assertThat(direct.result().isOrder()).isFalse();
        assertThat(handed).singleElement().satisfies(message -> {
            assertThat(message.msgId()).isEqualTo(direct.msgId());
            assertThat(message.topic()).isEqualTo(TOPIC);
            assertThat(message.bodyAsString()).isEqualTo("once more");
        });
    }

    @Test
    void consumeMessageDirectly_reportsLater_whenTheListenerAsksForARetry() throws Exception {
        List<ReceivedMessage> handed = new CopyOnWriteArrayList<>();

        Direct direct = consumedDirectly("sdk-relay-later", ConsumeResult.RECONSUME_LATER, handed);

        assertThat(direct.result().getConsumeResult()).isEqualTo(CMResult.CR_LATER);
        assertThat(handed).extracting(ReceivedMessage::msgId).containsExactly(direct.msgId());
    }

    @Test
    void aGroupWithoutPushConsumerInTheClient_isRefusedWithARemark() {
        PullConsumer puller = hexmq.clients().newPullConsumer().group("sdk-relay-pull").build();
        puller.assign(puller.queues(TOPIC));
        awaitOnline("sdk-relay-pull");

        assertThatThrownBy(() -> admin.get().getConsumerRunningInfo("sdk-relay-pull", hexmq.clients().clientId(),
                false))
                .hasMessageContaining("consumer group sdk-relay-pull has no push consumer in client");
    }
}

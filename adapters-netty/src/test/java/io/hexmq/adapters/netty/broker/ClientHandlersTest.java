package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.util.List;
import java.util.Set;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody;
import org.apache.rocketmq.remoting.protocol.body.LockBatchResponseBody;
import org.apache.rocketmq.remoting.protocol.body.UnlockBatchRequestBody;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupResponseBody;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;

/**
 * The client-facing handlers, fed with bodies the official classes encode and answering bodies the
 * official classes decode: HEART_BEAT, UNREGISTER_CLIENT, GET_CONSUMER_LIST_BY_GROUP,
 * QUERY/UPDATE_CONSUMER_OFFSET, LOCK/UNLOCK_BATCH_MQ, and NOTIFY_CONSUMER_IDS_CHANGED on the way out.
 */
class ClientHandlersTest {

    static final String GROUP = "CG_demo";
    static final String TOPIC = "TopicTest";

    private final BrokerHandlers handlers = new BrokerHandlers();
    private final TestPeer alice = new TestPeer("conn-alice", 40_001);
    private final TestPeer bob = new TestPeer("conn-bob", 40_002);

    ClientHandlersTest() {
        handlers.broker.topics.put(TopicConfig.of(new TopicName(TOPIC), 4, 4, Permission.READ_WRITE),
                TestBroker.START, ignored -> { });
    }

    static HeartbeatData officialHeartbeat(String clientId, boolean withoutSub) {
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID(clientId);
        ProducerData producer = new ProducerData();
        producer.setGroupName("PG_demo");
        heartbeat.getProducerDataSet().add(producer);
        ConsumerData consumer = new ConsumerData();
        consumer.setGroupName(GROUP);
        consumer.setConsumeType(org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType.CONSUME_ACTIVELY);
        consumer.setMessageModel(org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel.BROADCASTING);
        consumer.setConsumeFromWhere(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_TIMESTAMP);
        if (!withoutSub) {
            SubscriptionData tags = new SubscriptionData(TOPIC, "TagA || TagB");
            tags.setTagsSet(Set.of("TagA", "TagB"));
            tags.setCodeSet(Set.of("TagA".hashCode(), "TagB".hashCode()));
            tags.setSubVersion(1_700_000_000_123L);
            tags.setExpressionType("TAG");
            SubscriptionData sql = new SubscriptionData("%RETRY%" + GROUP, "a > 1");
            sql.setSubVersion(7);
            sql.setExpressionType("SQL92");
            consumer.getSubscriptionDataSet().add(tags);
            consumer.getSubscriptionDataSet().add(sql);
        }
        heartbeat.getConsumerDataSet().add(consumer);
        heartbeat.setWithoutSub(withoutSub);
        heartbeat.setHeartbeatFingerprint(withoutSub ? 42 : 0);
        return heartbeat;
    }

    private RemotingCommand heartbeat(TestPeer peer, String clientId, boolean withoutSub) {
        return handlers.call(RemotingCommand.request(RequestCode.HEART_BEAT)
                .body(officialHeartbeat(clientId, withoutSub).encode()).build(), peer);
    }

    @Test
    void heartbeat_recordsEveryFieldOfTheOfficialBody_andAnswersWithV2Support() {
        RemotingCommand response = heartbeat(alice, "10.0.0.5@111#1", false);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.extFields()).containsEntry("IS_SUPPORT_HEART_BEAT_V2", "true")
                .containsEntry("IS_SUB_CHANGE", "true");
        ConsumerGroup group = handlers.broker.consumers.find(new GroupName(GROUP)).orElseThrow();
        assertThat(group.consumeType()).isEqualTo(ConsumeType.CONSUME_ACTIVELY);
        assertThat(group.messageModel()).isEqualTo(MessageModel.BROADCASTING);
        assertThat(group.consumeFromWhere()).isEqualTo(ConsumeFromWhere.CONSUME_FROM_TIMESTAMP);
        assertThat(group.clientIds()).extracting(Object::toString).containsExactly("10.0.0.5@111#1");
        assertThat(group.members().values()).singleElement().satisfies(member -> {
            assertThat(member.language()).isEqualTo("JAVA");
            assertThat(member.connection()).isEqualTo(alice.connectionId());
        });
        assertThat(group.subscriptions().values()).containsExactlyInAnyOrder(
                new Subscription(new TopicName(TOPIC), "TagA || TagB", Set.of("TagA", "TagB"),
                        Set.of("TagA".hashCode(), "TagB".hashCode()), 1_700_000_000_123L, ExpressionType.TAG),
                new Subscription(new TopicName("%RETRY%" + GROUP), "a > 1", Set.of(), Set.of(), 7,
                        ExpressionType.SQL92));
        assertThat(handlers.broker.producers.members(new GroupName("PG_demo"))).hasSize(1);
        assertThat(handlers.channels.find(alice.connectionId())).containsSame(alice);
        assertThat(handlers.broker.topics.find(new TopicName("%RETRY%" + GROUP))).isPresent();
    }

    @Test
    void heartbeatWithoutSubscriptions_keepsThem_andSaysNothingChanged() {
        heartbeat(alice, "ip@1", false);
        RemotingCommand repeated = heartbeat(alice, "ip@1", false);
        RemotingCommand light = heartbeat(alice, "ip@1", true);

        assertThat(repeated.extFields()).containsEntry("IS_SUB_CHANGE", "false");
        assertThat(light.extFields()).containsEntry("IS_SUB_CHANGE", "false");
        assertThat(handlers.broker.consumers.find(new GroupName(GROUP)).orElseThrow().subscriptions()).hasSize(2);
    }

    @Test
    void aNewMember_makesTheBrokerNotifyEveryMember_oneway_withTheGroupInTheHeader() {
        heartbeat(alice, "ip@1", false);
        heartbeat(bob, "ip@2", false);

        for (TestPeer peer : List.of(alice, bob)) {
            assertThat(peer.oneway()).last().satisfies(notification -> {
                assertThat(notification.code()).isEqualTo(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED);
                assertThat(notification.isOneway()).isTrue();
                assertThat(notification.extFields()).containsExactlyEntriesOf(java.util.Map.of("consumerGroup", GROUP));
            });
        }
    }

    @Test
    void unregisterAndClose_removeTheMember_andNotifyTheRest() {
        heartbeat(alice, "ip@1", false);
        heartbeat(bob, "ip@2", false);
        int bobNotified = bob.oneway().size();

        RemotingCommand response = handlers.call(RemotingCommand.request(RequestCode.UNREGISTER_CLIENT)
                .extField("clientID", "ip@1").extField("consumerGroup", GROUP).extField("producerGroup", "PG_demo")
                .build(), alice);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(bob.oneway()).hasSize(bobNotified + 1);
        assertThat(handlers.broker.producers.members(new GroupName("PG_demo"))).hasSize(1);

        heartbeat(alice, "ip@1", false);
        int aliceNotified = alice.oneway().size();
        handlers.closeListener.connectionClosed(bob.connectionId());

        assertThat(handlers.channels.find(bob.connectionId())).isEmpty();
        assertThat(handlers.broker.getConsumerIds.get(new io.hexmq.application.consumer.GetConsumerIds.Command(
                new GroupName(GROUP)))).extracting(Object::toString).containsExactly("ip@1");
        assertThat(alice.oneway()).hasSize(aliceNotified + 1);
    }

    @Test
    void theNotifier_skipsConnectionsThatClosedOrWereNeverSeen() {
        heartbeat(alice, "ip@1", false);
        alice.close();
        int before = alice.oneway().size();

        handlers.notifier.consumerIdsChanged(new GroupName(GROUP),
                Set.of(alice.connectionId(), new io.hexmq.domain.connection.ConnectionId("never-seen")));

        assertThat(alice.oneway()).hasSize(before);
    }

    @Test
    void consumerList_isDecodedByTheOfficialClass_orSystemErrorWhenNobodyIsConnected() {
        RemotingCommand request = RemotingCommand.request(RequestCode.GET_CONSUMER_LIST_BY_GROUP)
                .extField("consumerGroup", GROUP).build();
        RemotingCommand none = handlers.call(request, alice);
        heartbeat(alice, "ip@1", false);
        heartbeat(bob, "ip@2", false);

        RemotingCommand two = handlers.call(request, alice);

        assertThat(none.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(none.remark()).startsWith("no consumer for this group");
        assertThat(two.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(GetConsumerListByGroupResponseBody.decode(two.body(), GetConsumerListByGroupResponseBody.class)
                .getConsumerIdList()).containsExactly("ip@1", "ip@2");
    }

    private RemotingCommand queryOffset(int queueId, Boolean setZeroIfNotFound) {
        RemotingCommand.Builder request = RemotingCommand.request(RequestCode.QUERY_CONSUMER_OFFSET)
                .extField("consumerGroup", GROUP).extField("topic", TOPIC).extField("queueId", queueId);
        if (setZeroIfNotFound != null) {
            request.extField("setZeroIfNotFound", setZeroIfNotFound);
        }
        return handlers.call(request.build(), alice);
    }

    private RemotingCommand commitOffset(String topic, long offset, boolean oneway) {
        RemotingCommand.Builder request = RemotingCommand.request(RequestCode.UPDATE_CONSUMER_OFFSET)
                .extField("consumerGroup", GROUP).extField("topic", topic).extField("queueId", 1)
                .extField("commitOffset", offset);
        if (oneway) {
            request.oneway();
        }
        return handlers.call(request.build(), alice);
    }

    @Test
    void queryOffset_answersNotFound_zero_orTheCommittedOffset() {
        assertThat(queryOffset(1, false).code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        RemotingCommand zero = queryOffset(1, null);
        assertThat(zero.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(zero.extFields()).containsEntry("offset", "0");

        commitOffset(TOPIC, 77, true);

        assertThat(queryOffset(1, false).extFields()).containsEntry("offset", "77");
        assertThat(handlers.call(RemotingCommand.request(RequestCode.QUERY_CONSUMER_OFFSET)
                .extField("consumerGroup", GROUP).extField("topic", TOPIC).extField("queueId", -1).build(), alice)
                .code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }

    @Test
    void commitOffset_answersSuccess_orTopicNotExist() {
        assertThat(commitOffset(TOPIC, 5, false).code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand unknown = commitOffset("Nope", 5, false);
        assertThat(unknown.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(unknown.remark()).contains("Nope");
    }

    @Test
    void commitOffsetOfMinusOne_answersSuccess_andTheQueueReadsAsNeverCommitted() {
        commitOffset(TOPIC, 77, false);

        RemotingCommand cleared = commitOffset(TOPIC, -1, false);

        assertThat(cleared.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(queryOffset(1, false).code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
    }

    private static MessageQueue officialQueue(int queueId) {
        return new MessageQueue(TOPIC, "broker-a", queueId);
    }

    private RemotingCommand lock(TestPeer peer, String clientId, Set<MessageQueue> queues) {
        LockBatchRequestBody body = new LockBatchRequestBody();
        body.setConsumerGroup(GROUP);
        body.setClientId(clientId);
        body.setMqSet(queues);
        return handlers.call(RemotingCommand.request(RequestCode.LOCK_BATCH_MQ).body(body.encode()).build(), peer);
    }

    @Test
    void lockAndUnlock_withOfficialBodies_lockOnlyWhatIsFree() {
        RemotingCommand first = lock(alice, "ip@1", Set.of(officialQueue(0), officialQueue(1)));
        RemotingCommand second = lock(bob, "ip@2", Set.of(officialQueue(1), officialQueue(2)));

        assertThat(first.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(LockBatchResponseBody.decode(first.body(), LockBatchResponseBody.class).getLockOKMQSet())
                .containsExactlyInAnyOrder(officialQueue(0), officialQueue(1));
        assertThat(LockBatchResponseBody.decode(second.body(), LockBatchResponseBody.class).getLockOKMQSet())
                .containsExactly(officialQueue(2));

        UnlockBatchRequestBody unlock = new UnlockBatchRequestBody();
        unlock.setConsumerGroup(GROUP);
        unlock.setClientId("ip@1");
        unlock.setMqSet(Set.of(officialQueue(1)));
        RemotingCommand unlocked = handlers.call(RemotingCommand.request(RequestCode.UNLOCK_BATCH_MQ)
                .body(unlock.encode()).build(), alice);

        assertThat(unlocked.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(LockBatchResponseBody.decode(lock(bob, "ip@2", Set.of(officialQueue(1))).body(),
                LockBatchResponseBody.class).getLockOKMQSet()).containsExactly(officialQueue(1));
    }

    @Test
    void bodiesThatDoNotParse_areAnsweredSystemError() {
        RemotingCommand response = handlers.call(RemotingCommand.request(RequestCode.HEART_BEAT)
                .body("{\"clientID\":".getBytes(java.nio.charset.StandardCharsets.UTF_8)).build(), alice);

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("HeartbeatData");
    }
}

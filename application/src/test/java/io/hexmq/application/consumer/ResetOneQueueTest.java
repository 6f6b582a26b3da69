package io.hexmq.application.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** mqadmin resetOffsetByTime -b -q [-o]: one queue of a group moved, online or not, as RocketMQ 5's broker does. */
class ResetOneQueueTest {

    private static final GroupName GROUP = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("TopicTest");
    private static final MessageQueue QUEUE_0 = new MessageQueue(TOPIC, new BrokerName("broker-a"), 0);

    private final TestBroker broker = new TestBroker();
    private final ResetGroupOffsets reset = broker.resetGroupOffsets;

    ResetOneQueueTest() {
        broker.topics.put(TopicConfig.of(TOPIC, 2, 2, Permission.READ_WRITE), TestBroker.START, ignored -> { });
        for (int i = 0; i < 4; i++) {
            broker.clock.advanceMillis(1);
            broker.messageStore.append(Message.builder(TOPIC.value(), 0, new byte[] {(byte) i}).build());
        }
    }

    private void createGroup() {
        broker.createOrUpdateSubscriptionGroup.createOrUpdate(
                new CreateOrUpdateSubscriptionGroup.Command(SubscriptionGroupConfig.defaults(GROUP)));
    }

    private ResetGroupOffsets.Result resetTo(long offset) {
        return reset.reset(onQueue0(OptionalLong.of(offset), ResetGroupOffsets.LATEST));
    }

    private static ResetGroupOffsets.Command onQueue0(OptionalLong offset, long timestamp) {
        return new ResetGroupOffsets.Command(GROUP, TOPIC, ResetGroupOffsets.Scope.queue(0, offset), timestamp);
    }

    private long committed() {
        return broker.offsets.find(new TopicGroup(TOPIC, GROUP), 0).orElse(-1);
    }

    @Test
    void commitsTheOffset_ofAGroupNobodyIsOnlineFor() {
        createGroup();

        ResetGroupOffsets.Result result = resetTo(1);

        assertThat(result.status()).isEqualTo(ResetGroupOffsets.Status.RESET);
        assertThat(result.offsets()).as("queue 1 untouched").isEqualTo(Map.of(QUEUE_0, 1L));
        assertThat(committed()).isEqualTo(1);
        assertThat(broker.notifier.resets()).isEmpty();
    }

    @Test
    void tellsTheOnlineMembers() {
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId("c1"), new ClientId("ip@1"), "JAVA",
                401, List.of(new RecordHeartbeat.ConsumerData(GROUP, ConsumeType.CONSUME_PASSIVELY,
                        MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                        List.of(Subscription.all(TOPIC, 1)))), Set.of()));

        resetTo(2);

        assertThat(broker.notifier.resets()).singleElement()
                .satisfies(sent -> assertThat(sent.offsets()).isEqualTo(Map.of(QUEUE_0, 2L)));
    }

    @Test
    void findsTheOffsetByTime_whenNoneIsGiven_andTheEnd_forMinusOne() {
        createGroup();

        assertThat(reset.reset(onQueue0(OptionalLong.empty(), TestBroker.START + 3)).offsets()).containsValue(2L);
        assertThat(reset.reset(onQueue0(OptionalLong.empty(), ResetGroupOffsets.LATEST)).offsets()).containsValue(4L);
    }

    @Test
    void refusesAnOffsetOutsideTheQueue_anUnknownGroup_andATopicNotHere() {
        assertThat(resetTo(1).status()).isEqualTo(ResetGroupOffsets.Status.GROUP_NOT_EXIST);
        createGroup();
        assertThat(resetTo(6).status()).isEqualTo(ResetGroupOffsets.Status.OFFSET_OUT_OF_RANGE);
        assertThat(resetTo(6).remark()).isEqualTo("Target offset 6 not in consume queue range [0-4]");
        assertThat(resetTo(5).status()).as("one past the end").isEqualTo(ResetGroupOffsets.Status.RESET);
        assertThat(reset.reset(new ResetGroupOffsets.Command(GROUP, new TopicName("Gone"),
                ResetGroupOffsets.Scope.queue(0, OptionalLong.of(0)), ResetGroupOffsets.LATEST))
                .status()).isEqualTo(ResetGroupOffsets.Status.TOPIC_NOT_EXIST);
        assertThat(committed()).isEqualTo(5);
    }
}

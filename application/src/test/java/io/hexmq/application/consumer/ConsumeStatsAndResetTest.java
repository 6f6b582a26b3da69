package io.hexmq.application.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.fakes.RecordingConsumerNotifier.Reset;
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
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Consume stats, offset reset by time, and setZeroIfNotFound, over the in-memory store. */
class ConsumeStatsAndResetTest {

    private static final GroupName GROUP = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("TopicTest");
    private static final TopicName OTHER = new TopicName("Other");
    private static final BrokerName BROKER = new BrokerName("broker-a");
    private static final ConnectionId C1 = new ConnectionId("c1");

    private final TestBroker broker = new TestBroker();

    ConsumeStatsAndResetTest() {
        broker.topics.put(TopicConfig.of(TOPIC, 2, 2, Permission.READ_WRITE), TestBroker.START, ignored -> { });
        broker.topics.put(TopicConfig.of(OTHER, 1, 1, Permission.READ_WRITE), TestBroker.START, ignored -> { });
    }

    /** Appends {@code count} messages to queue 0 of TOPIC, one per millisecond from START + 1. */
    private void appendToQueue0(int count) {
        for (int i = 0; i < count; i++) {
            broker.clock.advanceMillis(1);
            broker.messageStore.append(Message.builder(TOPIC.value(), 0, new byte[] {(byte) i}).build());
        }
    }

    private void commit(TopicName topic, int queueId, long offset) {
        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(GROUP, topic, queueId, offset));
    }

    private void heartbeat(TopicName subscribed) {
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(C1, new ClientId("ip@1"), "JAVA", 401,
                List.of(new RecordHeartbeat.ConsumerData(GROUP, ConsumeType.CONSUME_PASSIVELY, MessageModel.CLUSTERING,
                        ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, List.of(Subscription.all(subscribed, 1)))),
                Set.of()));
    }

    @Test
    void reportsEachReadableQueue_withBrokerOffsetCommittedOffsetPulledOffsetAndLastConsumedStoreTime() {
        appendToQueue0(5);
        commit(TOPIC, 0, 3);
        broker.offsets.recordPull(new TopicGroup(TOPIC, GROUP), 0, 5);

        List<GetConsumeStats.QueueStats> stats = broker.getConsumeStats.get(new GetConsumeStats.Command(GROUP, Set.of()))
                .queues();

        assertThat(stats).containsExactly(
                new GetConsumeStats.QueueStats(new MessageQueue(TOPIC, BROKER, 0), 5, 3, 5, TestBroker.START + 3),
                new GetConsumeStats.QueueStats(new MessageQueue(TOPIC, BROKER, 1), 0, 0, 0, 0));
    }

    @Test
    void consumeTps_isTheGroupsFetchRateOverTheLastMinute_summedOverItsTopics_inBothReports() {
        commit(TOPIC, 0, 0);
        commit(OTHER, 0, 0);
        broker.statistics.recordGet(new TopicGroup(TOPIC, GROUP), 90, 900);
        broker.statistics.recordGet(new TopicGroup(OTHER, GROUP), 30, 300);
        broker.clock.advanceMillis(10_000);
        broker.statistics.sample();

        double tps = broker.getConsumeStats.get(new GetConsumeStats.Command(GROUP, Set.of())).consumeTps();
        double topicTps = broker.getBrokerConsumeStats.get(new GetBrokerConsumeStats.Command(false)).groups().stream()
                .filter(group -> group.group().equals(GROUP)).flatMap(group -> group.topics().stream())
                .filter(topic -> topic.topic().equals(TOPIC)).findFirst().orElseThrow().consumeTps();

        assertThat(tps).isPositive();
        assertThat(topicTps).isPositive().isLessThan(tps);
        assertThat(tps).isCloseTo(topicTps * 4 / 3, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void thePulledOffset_isNeverBehindTheCommittedOne() {
        appendToQueue0(5);
        broker.offsets.recordPull(new TopicGroup(TOPIC, GROUP), 0, 2);
        commit(TOPIC, 0, 4);

        assertThat(broker.getConsumeStats.get(new GetConsumeStats.Command(GROUP, Set.of())).queues().get(0).pullOffset())
                .isEqualTo(4);
    }

    @Test
    void brokerConsumeStats_reportEveryGroupsWritableQueues_withTheTotalsOfLagAndInflight() {
        appendToQueue0(5);
        commit(TOPIC, 0, 3);
        broker.offsets.recordPull(new TopicGroup(TOPIC, GROUP), 0, 4);
        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(new GroupName("Idle"), OTHER, 0, 0));

        GetBrokerConsumeStats.Result all = broker.getBrokerConsumeStats.get(new GetBrokerConsumeStats.Command(false));

        assertThat(all.groups()).extracting(GetBrokerConsumeStats.GroupStats::group)
                .contains(GROUP, new GroupName("Idle"));
        GetBrokerConsumeStats.GroupStats cg = all.groups().stream().filter(g -> g.group().equals(GROUP)).findFirst()
                .orElseThrow();
        assertThat(cg.topics()).singleElement().satisfies(topic -> {
            assertThat(topic.topic()).isEqualTo(TOPIC);
            assertThat(topic.queues()).extracting(GetConsumeStats.QueueStats::consumerOffset).containsExactly(3L, 0L);
        });
        assertThat(all.totalDiff()).isEqualTo(2);
        assertThat(all.totalInflightDiff()).isEqualTo(1);
        assertThat(broker.getBrokerConsumeStats.get(new GetBrokerConsumeStats.Command(true)).totalDiff())
                .as("no topic here is orderly").isZero();
    }

    @Test
    void clonesOffsets_onOneTopicOrAll_skippingTopicsTheOnlineSourceDoesNotSubscribe_unlessOffline() {
        GroupName clone = new GroupName("Clone");
        commit(TOPIC, 0, 3);
        commit(OTHER, 0, 1);
        heartbeat(OTHER);

        assertThat(broker.cloneGroupOffset.cloneOffsets(new CloneGroupOffset.Command(GROUP, clone, Optional.empty(),
                false))).containsExactly(OTHER);
        assertThat(broker.cloneGroupOffset.cloneOffsets(new CloneGroupOffset.Command(GROUP, clone, Optional.of(TOPIC),
                true))).containsExactly(TOPIC);

        assertThat(broker.offsets.find(new TopicGroup(TOPIC, clone), 0)).hasValue(3);
        assertThat(broker.offsets.find(new TopicGroup(OTHER, clone), 0)).hasValue(1);
        assertThat(broker.cloneGroupOffset.cloneOffsets(new CloneGroupOffset.Command(GROUP, clone,
                Optional.of(new TopicName("Gone")), true))).isEmpty();
    }

    @Test
    void leavesOutTopicsTheOnlineGroupDoesNotSubscribeTo_andTopicsNotHostedHere() {
        commit(TOPIC, 0, 0);
        commit(OTHER, 0, 0);
        heartbeat(OTHER);

        assertThat(broker.getConsumeStats.get(new GetConsumeStats.Command(GROUP, Set.of())).queues())
                .extracting(stats -> stats.queue().topic()).containsExactly(OTHER);
        assertThat(broker.getConsumeStats.get(new GetConsumeStats.Command(GROUP, Set.of(new TopicName("Gone"))))
                .queues()).isEmpty();
    }

    @Test
    void resetsByTime_backOrForward_onTheBrokersSide_commitsAndPushesToTheMembers() {
        createGroup();
        appendToQueue0(5);
        commit(TOPIC, 0, 1);
        commit(TOPIC, 1, 0);
        heartbeat(TOPIC);
        long thirdMessage = TestBroker.START + 3;

        ResetGroupOffsets.Result result = broker.resetGroupOffsets.reset(
                ResetGroupOffsets.Command.allReadQueues(GROUP, TOPIC, thirdMessage));

        MessageQueue q0 = new MessageQueue(TOPIC, BROKER, 0);
        MessageQueue q1 = new MessageQueue(TOPIC, BROKER, 1);
        assertThat(result.status()).isEqualTo(ResetGroupOffsets.Status.RESET);
        assertThat(result.offsets()).as("queue 0 moves forward from 1, as RocketMQ 5's broker-side reset does")
                .isEqualTo(Map.of(q0, 2L, q1, 0L));
        assertThat(broker.queryConsumerOffset.query(new QueryConsumerOffset.Command(GROUP, TOPIC, 0))).hasValue(2);
        assertThat(broker.notifier.resets()).last()
                .isEqualTo(new Reset(GROUP, TOPIC, thirdMessage, Map.of(q0, 2L, q1, 0L), Set.of(C1)));
    }

    @Test
    void resetToLatest_movesEveryQueueToItsEnd() {
        createGroup();
        appendToQueue0(3);
        commit(TOPIC, 0, 0);
        commit(TOPIC, 1, 0);
        heartbeat(TOPIC);

        ResetGroupOffsets.Result result = broker.resetGroupOffsets.reset(
                ResetGroupOffsets.Command.allReadQueues(GROUP, TOPIC, ResetGroupOffsets.LATEST));

        assertThat(result.offsets()).containsEntry(new MessageQueue(TOPIC, BROKER, 0), 3L);
    }

    @Test
    void resetsAGroupNobodyIsOnlineFor_andQueuesItNeverConsumed_withoutTellingAnyone() {
        createGroup();
        appendToQueue0(5);
        commit(TOPIC, 0, 4);

        ResetGroupOffsets.Result result = broker.resetGroupOffsets.reset(
                ResetGroupOffsets.Command.allReadQueues(GROUP, TOPIC, TestBroker.START + 3));

        assertThat(result.status()).isEqualTo(ResetGroupOffsets.Status.RESET);
        assertThat(broker.queryConsumerOffset.query(new QueryConsumerOffset.Command(GROUP, TOPIC, 0))).hasValue(2);
        assertThat(broker.queryConsumerOffset.query(new QueryConsumerOffset.Command(GROUP, TOPIC, 1)))
                .as("never consumed before").hasValue(0);
        assertThat(broker.notifier.resets()).isEmpty();
    }

    @Test
    void refusesAReset_forAnUnknownTopic_orAGroupWithoutConfig_changingNothing() {
        commit(TOPIC, 0, 1);
        GroupName unknown = new GroupName("NeverSeen");

        assertThat(broker.resetGroupOffsets.reset(ResetGroupOffsets.Command.allReadQueues(GROUP,
                new TopicName("Gone"), 0)).status()).isEqualTo(ResetGroupOffsets.Status.TOPIC_NOT_EXIST);
        assertThat(broker.resetGroupOffsets.reset(ResetGroupOffsets.Command.allReadQueues(unknown, TOPIC, 0))
                .status()).as("as RocketMQ, no group is created by a reset")
                .isEqualTo(ResetGroupOffsets.Status.GROUP_NOT_EXIST);
        assertThat(broker.queryConsumerOffset.query(new QueryConsumerOffset.Command(GROUP, TOPIC, 0))).hasValue(1);
        assertThat(broker.queryConsumerOffset.query(new QueryConsumerOffset.Command(unknown, TOPIC, 0))).isEmpty();
        assertThat(broker.notifier.resets()).isEmpty();
    }

    private void createGroup() {
        broker.createOrUpdateSubscriptionGroup.createOrUpdate(
                new CreateOrUpdateSubscriptionGroup.Command(SubscriptionGroupConfig.defaults(GROUP)));
    }

    @Test
    void answersZeroForAGroupWithoutOffset_onlyWhenAskedToAndTheQueueStartsAtZero() {
        assertThat(broker.queryConsumerOffset.query(new QueryConsumerOffset.Command(GROUP, TOPIC, 0, true)))
                .hasValue(0);
        assertThat(broker.queryConsumerOffset.query(new QueryConsumerOffset.Command(GROUP, TOPIC, 0, false)))
                .isEmpty();
    }

    @Test
    void aHeartbeatWithoutSubscriptions_keepsTheGroupsSubscriptions_andAsksForThemWhenUnknown() {
        RecordHeartbeat.ConsumerData data = new RecordHeartbeat.ConsumerData(GROUP, ConsumeType.CONSUME_PASSIVELY,
                MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, List.of());
        RecordHeartbeat.Command light = new RecordHeartbeat.Command(C1, new ClientId("ip@1"), "JAVA", 401,
                List.of(data), Set.of(), true);

        assertThat(broker.recordHeartbeat.record(light).subscriptionsChanged()).isTrue();
        heartbeat(TOPIC);
        RecordHeartbeat.Result result = broker.recordHeartbeat.record(light);

        assertThat(result.subscriptionsChanged()).isFalse();
        assertThat(broker.consumers.find(GROUP).orElseThrow().subscriptions()).containsOnlyKeys(TOPIC);
    }
}

package io.hexmq.application.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Offsets (query, commit, all, persist), queue locks and subscription group admin. */
class OffsetsLocksAndGroupsTest {

    private static final GroupName GROUP = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("TopicTest");
    private static final ClientId ALICE = new ClientId("ip@alice");
    private static final ClientId BOB = new ClientId("ip@bob");
    private static final MessageQueue Q0 = new MessageQueue(TOPIC, new BrokerName("broker-a"), 0);

    private final TestBroker broker = withTopic(new TestBroker());

    private static TestBroker withTopic(TestBroker broker) {
        broker.topics.put(TopicConfig.of(TOPIC, 4, 4, Permission.READ_WRITE), TestBroker.START, ignored -> { });
        return broker;
    }

    private CommitConsumerOffset.Result commit(TestBroker target, TopicName topic, long offset) {
        return target.commitConsumerOffset.commit(new CommitConsumerOffset.Command(GROUP, topic, 0, offset));
    }

    @Test
    void answersNotFound_untilAnOffsetIsCommitted() {
        QueryConsumerOffset.Command query = new QueryConsumerOffset.Command(GROUP, TOPIC, 0);
        assertThat(broker.queryConsumerOffset.query(query)).isEmpty();

        assertThat(commit(broker, TOPIC, 42)).isEqualTo(CommitConsumerOffset.Result.COMMITTED);

        assertThat(broker.queryConsumerOffset.query(query)).hasValue(42);
        assertThat(broker.subscriptionGroups.find(GROUP)).isPresent();
    }

    @Test
    void aCommitOfMinusOne_isAccepted_andLeavesTheQueueWithoutAPosition() {
        QueryConsumerOffset.Command query = new QueryConsumerOffset.Command(GROUP, TOPIC, 0);
        commit(broker, TOPIC, 42);

        assertThat(commit(broker, TOPIC, -1)).isEqualTo(CommitConsumerOffset.Result.COMMITTED);

        assertThat(broker.queryConsumerOffset.query(query)).isEmpty();
        assertThat(commit(broker, TOPIC, -1)).isEqualTo(CommitConsumerOffset.Result.COMMITTED);
        assertThat(broker.queryConsumerOffset.query(query)).isEmpty();
    }

    @Test
    void refusesACommitForAnUnknownTopic_orAGroupWithoutConfigWhenAutoCreateIsOff() {
        TestBroker strict = withTopic(new TestBroker(settings -> TestBroker.withAutoCreate(settings, true, false)));

        assertThat(commit(broker, new TopicName("Nope"), 1)).isEqualTo(CommitConsumerOffset.Result.TOPIC_NOT_EXIST);
        assertThat(commit(strict, TOPIC, 1)).isEqualTo(CommitConsumerOffset.Result.GROUP_NOT_EXIST);
    }

    @Test
    void savesAllOffsetsOnlyWhenPersisted() {
        commit(broker, TOPIC, 7);
        assertThat(broker.offsetStore.load()).isEqualTo(ConsumerOffsetTable.EMPTY);

        broker.persistConsumerOffsets.persist();

        assertThat(broker.offsetStore.load()).isEqualTo(broker.getAllConsumerOffsets.get());
        assertThat(broker.offsetStore.load().find(new TopicGroup(TOPIC, GROUP), 0)).hasValue(7);
    }

    @Test
    void locksAQueueForOneClientUntilTheLockExpiresAfter60Seconds() {
        assertThat(broker.lockQueues.lock(new QueueLockRequest(GROUP, ALICE, Set.of(Q0)))).containsExactly(Q0);
        assertThat(broker.lockQueues.lock(new QueueLockRequest(GROUP, BOB, Set.of(Q0)))).isEmpty();

        broker.clock.advanceMillis(60_001);

        assertThat(broker.lockQueues.lock(new QueueLockRequest(GROUP, BOB, Set.of(Q0)))).containsExactly(Q0);
    }

    @Test
    void unlockingFreesTheQueueForOthers() {
        broker.lockQueues.lock(new QueueLockRequest(GROUP, ALICE, Set.of(Q0)));

        broker.unlockQueues.unlock(new QueueLockRequest(GROUP, ALICE, Set.of(Q0)));

        assertThat(broker.lockQueues.lock(new QueueLockRequest(GROUP, BOB, Set.of(Q0)))).containsExactly(Q0);
    }

    @Test
    void createsUpdatesListsAndDeletesGroupConfigs() {
        SubscriptionGroupConfig orderly = new SubscriptionGroupConfig(GROUP, true, true, true, true, 2, 3, 0, 1, true,
                0, 15);

        assertThat(broker.createOrUpdateSubscriptionGroup.createOrUpdate(
                new CreateOrUpdateSubscriptionGroup.Command(orderly))).isTrue();

        assertThat(broker.getSubscriptionGroup.get(new GetSubscriptionGroup.Command(GROUP))).contains(orderly);
        assertThat(broker.getSubscriptionGroups.get().groups()).isEqualTo(Map.of(GROUP, orderly));
        assertThat(broker.groupStore.load().orElseThrow().find(GROUP)).contains(orderly);
        assertThat(broker.deleteSubscriptionGroup.delete(new DeleteSubscriptionGroup.Command(GROUP, false))).isTrue();
        assertThat(broker.getSubscriptionGroups.get().groups()).isEmpty();
    }

    @Test
    void readingAGroupCreatesItOnlyWhenAllowed() {
        TestBroker strict = new TestBroker(settings -> TestBroker.withAutoCreate(settings, true, false));

        assertThat(strict.getSubscriptionGroup.get(new GetSubscriptionGroup.Command(GROUP))).isEmpty();
        assertThat(broker.getSubscriptionGroup.get(new GetSubscriptionGroup.Command(GROUP)))
                .contains(SubscriptionGroupConfig.defaults(GROUP));
        assertThat(broker.groupStore.load().orElseThrow().find(GROUP)).as("saved").isPresent();
        assertThat(broker.subscriptionGroupLookup.findOrCreate(GROUP)).contains(SubscriptionGroupConfig.defaults(GROUP));
        assertThat(strict.subscriptionGroupLookup.findOrCreate(GROUP)).isEmpty();
        assertThat(broker.subscriptionGroupLookup.findOrCreate("")).as("not a group name").isEmpty();
    }

    @Test
    void deletingAGroupCleansItsOffsets_onlyWhenAsked() {
        commit(broker, TOPIC, 5);
        broker.deleteSubscriptionGroup.delete(new DeleteSubscriptionGroup.Command(GROUP, false));
        assertThat(broker.queryConsumerOffset.query(new QueryConsumerOffset.Command(GROUP, TOPIC, 0))).hasValue(5);

        commit(broker, TOPIC, 5);
        broker.deleteSubscriptionGroup.delete(new DeleteSubscriptionGroup.Command(GROUP, true));

        assertThat(broker.queryConsumerOffset.query(new QueryConsumerOffset.Command(GROUP, TOPIC, 0))).isEmpty();
    }
}

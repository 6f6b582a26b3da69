package io.hexmq.application.consumer;

import static io.hexmq.application.consumer.RecordHeartbeatTest.C1;
import static io.hexmq.application.consumer.RecordHeartbeatTest.GROUP;
import static io.hexmq.application.consumer.RecordHeartbeatTest.TOPIC;
import static io.hexmq.application.consumer.RecordHeartbeatTest.heartbeat;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.PoppingGroups;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import org.junit.jupiter.api.Test;

/**
 * GetGroupsConsumingTopic, GetTopicsConsumedByGroup and GetGroupSubscription: online subscriptions, committed
 * offsets, and what POPs recorded.
 */
class WhoConsumesWhatTest {

    private static final GroupName OFFLINE = new GroupName("CG-offline");
    private static final TopicName OTHER = new TopicName("OtherTopic");

    private final TestBroker broker = new TestBroker();
    private final GetGroupsConsumingTopic groupsConsuming =
            new GetGroupsConsumingTopic(broker.consumers, broker.offsets);
    private final GetTopicsConsumedByGroup topicsConsumed =
            new GetTopicsConsumedByGroup(broker.consumers, broker.offsets);
    private final PoppingGroups poppingGroups = new PoppingGroups();
    private final GetGroupSubscription subscriptionOf =
            new GetGroupSubscription(broker.consumers, poppingGroups, broker.clock);

    private void commit(GroupName group, TopicName topic) {
        broker.topics.put(TopicConfig.of(topic, 1, 1, Permission.READ_WRITE), TestBroker.START, ignored -> { });
        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(group, topic, 0, 3));
    }

    @Test
    void groupsConsumingATopic_areTheOnlineSubscribersAndTheGroupsWithOffsetsOnIt() {
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));
        commit(OFFLINE, TOPIC);
        commit(new GroupName("CG-elsewhere"), OTHER);

        assertThat(groupsConsuming.groups(new GetGroupsConsumingTopic.Query(TOPIC))).containsExactly(GROUP, OFFLINE);
        assertThat(groupsConsuming.groups(new GetGroupsConsumingTopic.Query(new TopicName("Nobody")))).isEmpty();
    }

    @Test
    void topicsOfAGroup_areItsOnlineSubscriptionsAndTheTopicsItCommittedOn() {
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));
        commit(GROUP, OTHER);
        commit(OFFLINE, TOPIC);

        assertThat(topicsConsumed.topics(new GetTopicsConsumedByGroup.Query(GROUP)))
                .containsExactly(GROUP.retryTopic(), OTHER, TOPIC);
        assertThat(topicsConsumed.topics(new GetTopicsConsumedByGroup.Query(OFFLINE))).containsExactly(TOPIC);
        assertThat(topicsConsumed.topics(new GetTopicsConsumedByGroup.Query(new GroupName("CG-unknown")))).isEmpty();
    }

    @Test
    void aGroupsSubscription_isWhatItsMembersAnnounce_elseWhatItsLatestPopRecorded_untilThatExpires() {
        GroupName popOnly = new GroupName("CG-pop-only");
        Subscription popped = Subscription.all(TOPIC, broker.clock.millis());
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));
        poppingGroups.recordPop(popOnly, popped, Subscription.all(popOnly.popRetryTopic(TOPIC), popped.subVersion()));

        assertThat(subscriptionOf.subscription(new GetGroupSubscription.Query(GROUP, TOPIC)))
                .contains(Subscription.all(TOPIC, 1));
        assertThat(subscriptionOf.subscription(new GetGroupSubscription.Query(popOnly, TOPIC))).contains(popped);
        assertThat(subscriptionOf.subscription(new GetGroupSubscription.Query(popOnly, OTHER))).isEmpty();

        broker.clock.advanceMillis(PoppingGroups.EXPIRY_MILLIS + 1);
        assertThat(subscriptionOf.subscription(new GetGroupSubscription.Query(popOnly, TOPIC))).isEmpty();
    }
}

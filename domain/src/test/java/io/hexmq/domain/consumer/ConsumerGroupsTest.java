package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConsumerGroupsTest {

    private static final GroupName GROUP = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("TopicTest");
    private static final ConnectionId C1 = new ConnectionId("c1");
    private static final ConnectionId C2 = new ConnectionId("c2");

    private final ConsumerGroups groups = new ConsumerGroups();

    private static ConsumerRegistration heartbeat(ConnectionId connection, String clientId, long at,
            Subscription... subscriptions) {
        return new ConsumerRegistration(GROUP, new ClientConnection(connection, new ClientId(clientId), "JAVA", 401, at),
                ConsumeType.CONSUME_PASSIVELY, MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                List.of(subscriptions));
    }

    @Test
    void reportsAMembershipChange_whenAMemberJoins_butNotWhenItHeartbeatsAgain() {
        MembershipChange first = groups.register(heartbeat(C1, "ip@1", 0, Subscription.all(TOPIC, 1)));
        MembershipChange second = groups.register(heartbeat(C2, "ip@2", 0, Subscription.all(TOPIC, 1)));
        MembershipChange again = groups.register(heartbeat(C1, "ip@1", 30_000, Subscription.all(TOPIC, 1)));

        assertThat(first.membersChanged()).isTrue();
        assertThat(second.membersChanged()).isTrue();
        assertThat(second.members()).containsExactlyInAnyOrder(C1, C2);
        assertThat(again.membersChanged()).isFalse();
        assertThat(groups.clientIds(GROUP)).containsExactly(new ClientId("ip@1"), new ClientId("ip@2"));
    }

    @Test
    void reportsAMembershipChange_whenAConnectionComesBackUnderAnotherClientId() {
        groups.register(heartbeat(C1, "ip@1", 0));

        assertThat(groups.register(heartbeat(C1, "ip@other", 0)).membersChanged()).isTrue();
        assertThat(groups.clientIds(GROUP)).containsExactly(new ClientId("ip@other"));
    }

    @Test
    void keepsTheNewerSubscription_andDropsTopicsNoLongerSubscribed() {
        TopicName other = new TopicName("Other");
        groups.register(heartbeat(C1, "ip@1", 0, Subscription.all(TOPIC, 5), Subscription.all(other, 5)));

        MembershipChange older = groups.register(heartbeat(C2, "ip@2", 0,
                new Subscription(TOPIC, "TagA", Set.of("TagA"), Set.of("TagA".hashCode()), 4, ExpressionType.TAG)));

        assertThat(older.subscriptionsChanged()).isTrue();
        ConsumerGroup group = groups.find(GROUP).orElseThrow();
        assertThat(group.subscriptions()).containsOnlyKeys(TOPIC);
        assertThat(group.subscription(TOPIC).orElseThrow().subString()).isEqualTo("*");

        groups.register(heartbeat(C2, "ip@2", 0,
                new Subscription(TOPIC, "TagA", Set.of("TagA"), Set.of("TagA".hashCode()), 6, ExpressionType.TAG)));
        assertThat(groups.find(GROUP).orElseThrow().subscription(TOPIC).orElseThrow().tags()).containsExactly("TagA");
    }

    @Test
    void removesAClosedConnection_andTellsWhoRemains() {
        groups.register(heartbeat(C1, "ip@1", 0));
        groups.register(heartbeat(C2, "ip@2", 0));

        List<MembershipChange> changes = groups.removeConnection(C1);

        assertThat(changes).singleElement().satisfies(change -> {
            assertThat(change.membersChanged()).isTrue();
            assertThat(change.members()).containsExactly(C2);
            assertThat(change.removed()).extracting(ClientConnection::connection).containsExactly(C1);
        });
    }

    @Test
    void dropsTheGroup_whenItsLastMemberLeaves() {
        groups.register(heartbeat(C1, "ip@1", 0));

        assertThat(groups.unregister(GROUP, C1)).hasValueSatisfying(change -> assertThat(change.members()).isEmpty());
        assertThat(groups.find(GROUP)).isEmpty();
        assertThat(groups.clientIds(GROUP)).isEmpty();
        assertThat(groups.unregister(GROUP, C1)).isEmpty();
    }

    @Test
    void expiresMembersSilentForLongerThanTheTimeout_only() {
        groups.register(heartbeat(C1, "ip@1", 0));
        groups.register(heartbeat(C2, "ip@2", 100_000));

        assertThat(groups.expire(120_000, 120_000)).isEmpty();
        List<MembershipChange> changes = groups.expire(120_001, 120_000);

        assertThat(changes).singleElement().satisfies(change -> {
            assertThat(change.removed()).extracting(ClientConnection::connection).containsExactly(C1);
            assertThat(change.members()).containsExactly(C2);
        });
    }

    @Test
    void keepsConsumeSettingsAsTheLatestHeartbeatSentThem() {
        groups.register(heartbeat(C1, "ip@1", 0));
        groups.register(new ConsumerRegistration(GROUP, new ClientConnection(C1, new ClientId("ip@1"), "JAVA", 401, 1),
                ConsumeType.CONSUME_ACTIVELY, MessageModel.BROADCASTING, ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
                List.of()));

        ConsumerGroup group = groups.find(GROUP).orElseThrow();
        assertThat(group.consumeType()).isEqualTo(ConsumeType.CONSUME_ACTIVELY);
        assertThat(group.messageModel()).isEqualTo(MessageModel.BROADCASTING);
        assertThat(group.consumeFromWhere()).isEqualTo(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
    }
}

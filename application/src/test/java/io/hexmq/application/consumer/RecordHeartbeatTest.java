package io.hexmq.application.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.fakes.RecordingConsumerNotifier.Notification;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** RecordHeartbeat, UnregisterClient, ExpireSilentClients, DropClientConnection, GetConsumerIds. */
class RecordHeartbeatTest {

    static final GroupName GROUP = new GroupName("CG");
    static final GroupName PRODUCERS = new GroupName("PG");
    static final TopicName TOPIC = new TopicName("TopicTest");
    static final ConnectionId C1 = new ConnectionId("c1");
    static final ConnectionId C2 = new ConnectionId("c2");

    private final TestBroker broker = new TestBroker();

    static RecordHeartbeat.Command heartbeat(ConnectionId connection, String clientId) {
        return new RecordHeartbeat.Command(connection, new ClientId(clientId), "JAVA", 401,
                List.of(new RecordHeartbeat.ConsumerData(GROUP, ConsumeType.CONSUME_PASSIVELY, MessageModel.CLUSTERING,
                        ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                        List.of(Subscription.all(TOPIC, 1), Subscription.all(GROUP.retryTopic(), 1)))),
                Set.of(PRODUCERS));
    }

    @Test
    void createsTheGroupsConfigAndRetryTopic_onItsFirstHeartbeat() {
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));

        assertThat(broker.subscriptionGroups.find(GROUP)).contains(SubscriptionGroupConfig.defaults(GROUP));
        assertThat(broker.groupStore.load().orElseThrow().find(GROUP)).isPresent();
        assertThat(broker.topics.find(GROUP.retryTopic()).orElseThrow().writeQueueNums()).isEqualTo(1);
        assertThat(broker.nameServers.lastRegistration().topicConfigs())
                .anySatisfy(config -> assertThat(config.name()).isEqualTo(GROUP.retryTopic()));
    }

    @Test
    void recordsTheMemberWithoutConfigOrRetryTopic_whenGroupAutoCreateIsOff() {
        TestBroker strict = new TestBroker(settings -> TestBroker.withAutoCreate(settings, true, false));

        strict.recordHeartbeat.record(heartbeat(C1, "ip@1"));

        assertThat(strict.subscriptionGroups.find(GROUP)).isEmpty();
        assertThat(strict.topics.find(GROUP.retryTopic())).isEmpty();
        assertThat(strict.getConsumerIds.get(new GetConsumerIds.Command(GROUP))).containsExactly(new ClientId("ip@1"));
    }

    @Test
    void tellsEveryMemberToRebalance_whenSomeoneJoins_butNotOnARepeatedHeartbeat() {
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));
        RecordHeartbeat.Result second = broker.recordHeartbeat.record(heartbeat(C2, "ip@2"));
        broker.clock.advanceMillis(30_000);
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));

        assertThat(second.changes()).singleElement().satisfies(change -> assertThat(change.membersChanged()).isTrue());
        assertThat(broker.notifier.notifications()).containsExactly(
                new Notification(GROUP, Set.of(C1)), new Notification(GROUP, Set.of(C1, C2)));
        assertThat(broker.getConsumerIds.get(new GetConsumerIds.Command(GROUP)))
                .containsExactly(new ClientId("ip@1"), new ClientId("ip@2"));
    }

    @Test
    void staysQuiet_whenTheGroupsConfigSwitchesNotificationsOff() {
        broker.createOrUpdateSubscriptionGroup.createOrUpdate(new CreateOrUpdateSubscriptionGroup.Command(
                new SubscriptionGroupConfig(GROUP, true, true, true, false, 1, 16, 0, 1, false, 0, 15)));

        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));

        assertThat(broker.notifier.notifications()).isEmpty();
    }

    @Test
    void reportsChangedSubscriptions_onlyWhenTheyChange() {
        assertThat(broker.recordHeartbeat.record(heartbeat(C1, "ip@1")).subscriptionsChanged()).isTrue();
        assertThat(broker.recordHeartbeat.record(heartbeat(C1, "ip@1")).subscriptionsChanged()).isFalse();
    }

    @Test
    void recordsProducerMembership() {
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));

        assertThat(broker.getProducerConnections.get(new GetProducerConnections.Command(PRODUCERS)))
                .singleElement().satisfies(member -> assertThat(member.clientId()).isEqualTo(new ClientId("ip@1")));
    }

    @Test
    void tellsTheRemainingMembers_whenAConsumerUnregisters() {
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));
        broker.recordHeartbeat.record(heartbeat(C2, "ip@2"));
        broker.notifier.clear();

        broker.unregisterClient.unregister(new UnregisterClient.Command(C1, new ClientId("ip@1"),
                Optional.of(PRODUCERS), Optional.of(GROUP)));

        assertThat(broker.notifier.notifications()).containsExactly(new Notification(GROUP, Set.of(C2)));
        assertThat(broker.getConsumerIds.get(new GetConsumerIds.Command(GROUP))).containsExactly(new ClientId("ip@2"));
        assertThat(broker.getProducerConnections.get(new GetProducerConnections.Command(PRODUCERS))).hasSize(1);
    }

    @Test
    void expiresClientsSilentForMoreThan120Seconds_andReturnsTheirConnectionsToClose() {
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));
        broker.clock.advanceMillis(60_000);
        broker.recordHeartbeat.record(heartbeat(C2, "ip@2"));
        broker.notifier.clear();

        broker.clock.advanceMillis(60_000);
        assertThat(broker.expireSilentClients.expire()).isEmpty();
        broker.clock.advanceMillis(1);
        assertThat(broker.expireSilentClients.expire()).containsExactly(C1);

        assertThat(broker.notifier.notifications()).containsExactly(new Notification(GROUP, Set.of(C2)));
        assertThat(broker.getConsumerIds.get(new GetConsumerIds.Command(GROUP))).containsExactly(new ClientId("ip@2"));
        assertThat(broker.getProducerConnections.get(new GetProducerConnections.Command(PRODUCERS)))
                .extracting(member -> member.connection()).containsExactly(C2);
    }

    @Test
    void forgetsAClosedConnectionEverywhere_andDropsTheEmptyGroup() {
        broker.recordHeartbeat.record(heartbeat(C1, "ip@1"));
        broker.notifier.clear();

        broker.dropClientConnection.drop(new DropClientConnection.Command(C1));

        assertThat(broker.getConsumerIds.get(new GetConsumerIds.Command(GROUP))).isEmpty();
        assertThat(broker.getConsumerConnections.get(new GetConsumerConnections.Command(GROUP))).isEmpty();
        assertThat(broker.getProducerConnections.get(new GetProducerConnections.Command(PRODUCERS))).isEmpty();
        assertThat(broker.notifier.notifications()).isEmpty();
    }
}

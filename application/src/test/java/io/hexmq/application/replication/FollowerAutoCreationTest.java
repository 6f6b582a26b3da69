package io.hexmq.application.replication;

import io.hexmq.application.broker.LiveBrokerSettings;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.GetConsumerIds;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.application.fakes.InMemoryGroupLog;
import io.hexmq.application.fakes.RecordingConsumerNotifier;
import io.hexmq.application.topic.GroupTopics;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What a replica that follows does when a request would create a group's state: it does not write it. */
class FollowerAutoCreationTest {

    private static final GroupName GROUP = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("TopicTest");

    private final Replica replica = new Replica(HostAddress.of(new byte[] {10, 0, 0, 2}, 10911));
    private final InMemoryGroupLog log = new InMemoryGroupLog();
    private final ReplicatedStateStores stores = new ReplicatedStateStores(replica.localStores(), log);
    private final CountingRegistration registration = new CountingRegistration();
    private final ConsumerGroups consumers = new ConsumerGroups();
    private final RecordHeartbeat recordHeartbeat = new RecordHeartbeat(consumers, new ProducerGroups(),
            replica.groups, stores.subscriptionGroups(),
            new GroupTopics(replica.topics, stores.topics(), registration, replica.clock),
            new RecordingConsumerNotifier(), replica.clock, new LiveBrokerSettings(TestBroker.DEFAULTS));
    private final SubscriptionGroupLookup lookup = new SubscriptionGroupLookup(replica.groups,
            stores.subscriptionGroups(), replica.clock, new LiveBrokerSettings(TestBroker.DEFAULTS));

    FollowerAutoCreationTest() {
        log.start(replica.applier);
        log.follow(new ReplicaId("n1"));
    }

    @Test
    void recordsTheConsumer_withoutWritingItsGroupOrRetryTopic_whenThisReplicaFollows() {
        RecordHeartbeat.Result result = recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId("c1"),
                new ClientId("ip@1"), "JAVA", 401,
                List.of(new RecordHeartbeat.ConsumerData(GROUP, ConsumeType.CONSUME_PASSIVELY,
                        MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                        List.of(Subscription.all(TOPIC, 1)))),
                Set.of()));

        assertThat(result.changes()).singleElement().satisfies(change -> assertThat(change.membersChanged()).isTrue());
        assertThat(new GetConsumerIds(consumers).get(new GetConsumerIds.Command(GROUP)))
                .containsExactly(new ClientId("ip@1"));
        assertThat(replica.groups.find(GROUP)).isEmpty();
        assertThat(replica.topics.find(GROUP.retryTopic())).isEmpty();
        assertThat(log.size()).isZero();
        assertThat(registration.changes.get()).isZero();
    }

    @Test
    void answersTheDefaults_withoutKeepingThem_whenAPullOnAFollowerLooksUpAnUnknownGroup() {
        assertThat(lookup.findOrCreate(GROUP)).contains(SubscriptionGroupConfig.defaults(GROUP));

        assertThat(replica.groups.find(GROUP)).isEmpty();
        assertThat(replica.groupStore.load()).isEmpty();
    }

    private static final class CountingRegistration implements RegistrationDemand {
        final AtomicInteger changes = new AtomicInteger();

        @Override
        public void topicsChanged() {
            changes.incrementAndGet();
        }

        @Override
        public CompletionStage<Void> topicsChangedAwaitingRound() {
            changes.incrementAndGet();
            return CompletableFuture.completedFuture(null);
        }
    }
}

package io.hexmq.application.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.fakes.InMemoryGroupLog;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ReplicatedStateStoresTest {

    private static final TopicConfig TOPIC_A = TopicConfig.of(new TopicName("TopicA"), 4, 4, Permission.READ_WRITE);

    private final Replica leader = new Replica(Replica.LEADER_HOST);
    private final Replica follower = new Replica(HostAddress.of(new byte[] {10, 0, 0, 2}, 10911));
    private final InMemoryGroupLog log = new InMemoryGroupLog();
    private final ReplicatedStateStores stores = new ReplicatedStateStores(leader.localStores(), log);

    ReplicatedStateStoresTest() {
        log.start(leader.applier);
        log.join(follower.applier);
    }

    @Test
    void givesAFollowerTheLeadersTopic_onceTheLeadersTableSavedIt() {
        boolean changed = leader.topics.put(TOPIC_A, 10, stores.topics()::save);

        assertThat(changed).isTrue();
        assertThat(follower.topics.find(TOPIC_A.name())).contains(TOPIC_A);
        assertThat(follower.topicStore.load()).contains(leader.topics.snapshot());
        assertThat(leader.topicStore.load()).contains(leader.topics.snapshot());
    }

    @Test
    void keepsNoChangeTheGroupDidNotTake_whenThisReplicaDoesNotLead() {
        log.follow(new ReplicaId("n1"));
        TopicTable topics = leader.topics;

        assertThatThrownBy(() -> topics.put(TOPIC_A, 10, stores.topics()::save))
                .isInstanceOf(NotLeaderException.class).hasMessageContaining("n1");
        assertThat(topics.find(TOPIC_A.name())).isEmpty();
        assertThatThrownBy(() -> stores.consumerOffsets().save(ConsumerOffsetTable.EMPTY))
                .isInstanceOf(NotLeaderException.class);
    }

    @Test
    void failsASaveAsThePortsStorageFailure_whenTheGroupsLogFails() {
        leader.topicStore.failNextSave();

        assertThatThrownBy(() -> stores.topics().save(TopicConfigTable.empty(1)))
                .isInstanceOf(TopicConfigStorageException.class).hasMessageContaining("the group did not store");
    }

    @Test
    void givesAFollowerTheLeadersConsumerOffsets() {
        TopicGroup key = new TopicGroup(new TopicName("TopicA"), new GroupName("GroupA"));
        leader.offsets.commit(key, 2, 17);

        stores.consumerOffsets().save(leader.offsets.snapshot());

        assertThat(follower.offsets.find(key, 2)).isEqualTo(OptionalLong.of(17));
        assertThat(stores.consumerOffsets().load()).isEqualTo(leader.offsets.snapshot());
    }

    @Test
    void givesAFollowerTheSchedulersProgress() {
        stores.delayProgress().save(new DelayProgress(Map.of(3, 4L)));
        stores.timerProgress().save(TimerProgress.of(1, 2));
        stores.transactionProgress().save(new TransactionCheckProgress(5, 6));

        assertThat(follower.delayStore.load()).isEqualTo(new DelayProgress(Map.of(3, 4L)));
        assertThat(follower.timerStore.load()).isEqualTo(TimerProgress.of(1, 2));
        assertThat(follower.transactionStore.load()).isEqualTo(new TransactionCheckProgress(5, 6));
        assertThat(stores.delayProgress().load()).isEqualTo(new DelayProgress(Map.of(3, 4L)));
    }
}

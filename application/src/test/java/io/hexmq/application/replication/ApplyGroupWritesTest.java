package io.hexmq.application.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.fakes.InMemoryApplyLedger;
import io.hexmq.application.fakes.InMemoryMessageStore;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.replication.AppliedPoint;
import io.hexmq.domain.replication.DurableFile;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.replication.port.DurableFiles;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ApplyGroupWritesTest {

    private static final StoreStamp STAMP = new StoreStamp(1_700_000_000_500L, Replica.LEADER_HOST);
    private static final GroupRole FOLLOWING = new GroupRole(GroupRole.Kind.FOLLOWER, 2,
            Optional.of(new ReplicaId("n1")));
    private static final GroupRole LEADING = new GroupRole(GroupRole.Kind.LEADER, 3,
            Optional.of(new ReplicaId("n0")));

    private final Replica replica = new Replica(HostAddress.of(new byte[] {10, 0, 0, 2}, 10911));

    @Test
    void appendsAMessageAsTheLeaderStampedIt_andAnswersTheStoresResult() {
        byte[] answer = replica.applier.apply(1, entry(new GroupWrite.AppendMessage(
                GroupWritesTest.message("TopicA", "one"), STAMP)));

        AppendResult result = AppendAnswers.decode(answer);
        assertThat(result.isOk()).isTrue();
        assertThat(result.storeTimestamp()).isEqualTo(STAMP.storeTimestamp());
        assertThat(replica.messages.maxOffset("TopicA", 1)).isEqualTo(1);
        assertThat(replica.ledger.last()).isEqualTo(new AppliedPoint(1, replica.messages.commitLogMaxOffset()));
    }

    @Test
    void skipsEntriesAtOrBelowTheLedger_whenTheLogOffersThemAgainAfterARestart() {
        ByteBuffer one = entry(new GroupWrite.AppendMessage(GroupWritesTest.message("TopicA", "one"), STAMP));
        replica.applier.apply(1, one.duplicate());
        Replica restarted = new Replica(replica.messages, replica.ledger);

        restarted.applier.apply(1, one.duplicate());
        restarted.applier.apply(2, entry(new GroupWrite.AppendMessage(GroupWritesTest.message("TopicA", "two"),
                STAMP)));

        assertThat(restarted.messages.maxOffset("TopicA", 1)).isEqualTo(2);
    }

    @Test
    void skipsTheAppendThatReachedTheStoreButNotTheLedger_whenTheProcessDiedBetweenThem() {
        replica.applier.apply(1, entry(new GroupWrite.AppendMessage(GroupWritesTest.message("TopicA", "one"),
                STAMP)));
        AppliedPoint beforeSecond = replica.ledger.last();
        ByteBuffer two = entry(new GroupWrite.AppendMessage(GroupWritesTest.message("TopicA", "two"), STAMP));
        replica.applier.apply(2, two.duplicate());
        replica.ledger.rewindTo(beforeSecond);
        Replica restarted = new Replica(replica.messages, replica.ledger);

        restarted.applier.apply(2, two.duplicate());
        restarted.applier.apply(3, entry(new GroupWrite.AppendMessage(GroupWritesTest.message("TopicA", "three"),
                STAMP)));

        assertThat(restarted.messages.maxOffset("TopicA", 1)).isEqualTo(3);
        assertThat(restarted.ledger.last().position()).isEqualTo(3);
    }

    @Test
    void refusesToApply_whenTheStoreRecoveredShorterThanTheLedgerSays() {
        replica.applier.apply(1, entry(new GroupWrite.AppendMessage(GroupWritesTest.message("TopicA", "one"),
                STAMP)));
        InMemoryApplyLedger ledger = replica.ledger;
        Replica lostItsStore = new Replica(new InMemoryMessageStore(Replica.LEADER_HOST, new ManualClock(0)), ledger);

        assertThatThrownBy(() -> lostItsStore.applier.apply(2, entry(new GroupWrite.DeleteTopicMessages("TopicB"))))
                .isInstanceOf(StoreBehindLedgerException.class).hasMessageContaining("installed from the leader");
    }

    @Test
    void refusesToGoOn_whenItsOwnStoreRefusedAnAppendTheOthersStore() {
        replica.messages.shutdown();

        assertThatThrownBy(() -> replica.applier.apply(1, entry(new GroupWrite.AppendMessage(
                GroupWritesTest.message("TopicA", "one"), STAMP))))
                .isInstanceOf(StoreRefusedAppendException.class).hasMessageContaining("SERVICE_NOT_AVAILABLE");
        assertThat(replica.ledger.last()).as("nothing recorded as applied").isEqualTo(AppliedPoint.NONE);
    }

    @Test
    void answersARefusalEveryReplicaMakesAlike_andGoesOn() {
        Message tooLarge = Message.builder("TopicA", 1, new byte[InMemoryMessageStore.MAX_MESSAGE_SIZE + 1]).build();

        AppendResult result = AppendAnswers.decode(replica.applier.apply(1, entry(new GroupWrite.AppendMessage(
                tooLarge, STAMP))));

        assertThat(result.status()).isEqualTo(AppendStatus.MESSAGE_ILLEGAL);
        assertThat(replica.ledger.last().position()).isEqualTo(1);
    }

    @Test
    void keepsAFollowersAggregatesAsTheLeaderSavedThem() {
        replica.applier.roleChanged(FOLLOWING);
        TopicConfigTable topics = TopicConfigTable.empty(1)
                .with(TopicConfig.of(new TopicName("TopicA"), 4, 4, Permission.READ_WRITE), 2);
        SubscriptionGroupTable groups = SubscriptionGroupTable.empty(1)
                .with(SubscriptionGroupConfig.defaults(new GroupName("GroupA")), 2);
        TopicGroup key = new TopicGroup(new TopicName("TopicA"), new GroupName("GroupA"));
        ConsumerOffsetTable offsets = new ConsumerOffsetTable(Map.of(key, Map.of(0, 33L)));

        replica.applier.apply(1, entry(new GroupWrite.SaveTopics(topics)));
        replica.applier.apply(2, entry(new GroupWrite.SaveSubscriptionGroups(groups)));
        replica.applier.apply(3, entry(new GroupWrite.SaveConsumerOffsets(offsets)));

        assertThat(replica.topics.snapshot()).isEqualTo(topics);
        assertThat(replica.topicStore.load()).contains(topics);
        assertThat(replica.groups.snapshot()).isEqualTo(groups);
        assertThat(replica.groupStore.load()).contains(groups);
        assertThat(replica.offsets.find(key, 0)).isEqualTo(OptionalLong.of(33));
        assertThat(replica.offsetStore.load()).isEqualTo(offsets);
    }

    @Test
    void leavesTheLeadersAggregatesToItsWriters_whichAreAheadOfTheLog() {
        replica.applier.roleChanged(LEADING);
        TopicConfigTable older = TopicConfigTable.empty(1);
        TopicConfigTable ahead = older.with(TopicConfig.of(new TopicName("TopicA"), 4, 4, Permission.READ_WRITE), 2);
        replica.topics.adopt(ahead);

        replica.applier.apply(1, entry(new GroupWrite.SaveTopics(older)));

        assertThat(replica.topics.snapshot()).isEqualTo(ahead);
        assertThat(replica.topicStore.load()).contains(older);
    }

    @Test
    void storesTheSchedulersProgress() {
        replica.applier.apply(1, entry(new GroupWrite.SaveDelayProgress(new DelayProgress(Map.of(2, 8L)))));
        replica.applier.apply(2, entry(new GroupWrite.SaveTimerProgress(TimerProgress.of(5, 6))));
        replica.applier.apply(3, entry(new GroupWrite.SaveTransactionCheckProgress(
                new TransactionCheckProgress(9, 4))));

        assertThat(replica.delayStore.load()).isEqualTo(new DelayProgress(Map.of(2, 8L)));
        assertThat(replica.timerStore.load()).isEqualTo(TimerProgress.of(5, 6));
        assertThat(replica.transactionStore.load()).isEqualTo(new TransactionCheckProgress(9, 4));
    }

    @Test
    void forgetsATopicsMessages_whenTheLeaderDeletedTheTopic() {
        replica.applier.apply(1, entry(new GroupWrite.AppendMessage(GroupWritesTest.message("TopicA", "one"),
                STAMP)));

        replica.applier.apply(2, entry(new GroupWrite.DeleteTopicMessages("TopicA")));

        assertThat(replica.messages.maxOffset("TopicA", 1)).isZero();
    }

    @Test
    void passesRoleChangesOn() {
        replica.applier.roleChanged(FOLLOWING);

        assertThat(replica.roles).containsExactly(FOLLOWING);
    }

    @Test
    void neitherLeadsNorFollows_onceTheLogFailed() {
        replica.applier.roleChanged(LEADING);

        replica.applier.failed(new IllegalStateException("the store refused an entry"));

        assertThat(replica.roles).containsExactly(LEADING,
                new GroupRole(GroupRole.Kind.CANDIDATE, LEADING.term(), Optional.empty()));
    }

    @Test
    void servesTheInstalledState_andSkipsWhatTheInstalledLedgerHolds_afterInstallingTheLeadersFiles() {
        replica.applier.roleChanged(FOLLOWING);
        TopicConfigTable topics = TopicConfigTable.empty(1)
                .with(TopicConfig.of(new TopicName("TopicA"), 4, 4, Permission.READ_WRITE), 2);
        TopicGroup key = new TopicGroup(new TopicName("TopicA"), new GroupName("GroupA"));
        ConsumerOffsetTable offsets = new ConsumerOffsetTable(Map.of(key, Map.of(0, 7L)));
        replica.files.installation = () -> {
            replica.topicStore.save(topics);
            replica.offsetStore.save(offsets);
            replica.ledger.rewindTo(new AppliedPoint(40, replica.messages.commitLogMaxOffset()));
        };

        replica.applier.install(new NoDurableFiles());
        byte[] skipped = replica.applier.apply(40, entry(new GroupWrite.AppendMessage(
                GroupWritesTest.message("TopicA", "held"), STAMP)));

        assertThat(replica.ledger.reopenings()).isEqualTo(1);
        assertThat(replica.topics.snapshot()).isEqualTo(topics);
        assertThat(replica.offsets.find(key, 0)).isEqualTo(OptionalLong.of(7));
        assertThat(skipped).isEmpty();
        assertThat(replica.messages.maxOffset("TopicA", 1)).isZero();
    }

    @Test
    void makesTheStoresAndTheLedgerDurable() {
        replica.applier.makeDurable();

        assertThat(replica.ledger.forces()).isEqualTo(1);
    }

    private static final class NoDurableFiles implements DurableFiles {
        @Override
        public Path root() {
            return Path.of("received");
        }

        @Override
        public List<DurableFile> files() {
            return List.of();
        }

        @Override
        public void close() {
        }
    }

    private static ByteBuffer entry(GroupWrite write) {
        return ByteBuffer.wrap(GroupWrites.encode(write)).asReadOnlyBuffer();
    }
}

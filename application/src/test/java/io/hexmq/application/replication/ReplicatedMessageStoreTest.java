package io.hexmq.application.replication;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.InMemoryGroupLog;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.replication.ReplicaId;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicatedMessageStoreTest {

    private final Replica leader = new Replica(Replica.LEADER_HOST);
    private final Replica follower = new Replica(HostAddress.of(new byte[] {10, 0, 0, 2}, 10911));
    private final InMemoryGroupLog log = new InMemoryGroupLog();
    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final ReplicatedMessageStore store = new ReplicatedMessageStore(leader.messages, log, clock,
            Replica.LEADER_HOST);

    ReplicatedMessageStoreTest() {
        log.start(leader.applier);
        log.join(follower.applier);
    }

    @Test
    void answersAnAppend_withWhatTheLeadersStoreGaveOnceTheGroupApplied() {
        AppendResult result = store.appendAsync(GroupWritesTest.message("TopicA", "one")).toCompletableFuture().join();

        assertThat(result.isOk()).isTrue();
        assertThat(result.queueOffset()).isZero();
        assertThat(result.storeTimestamp()).isEqualTo(clock.millis());
        assertThat(store.maxOffset("TopicA", 1)).isEqualTo(1);
    }

    @Test
    void leavesEveryReplicaWithByteIdenticalRecords() {
        clock.advanceMillis(5);
        store.appendBatchAsync(List.of(GroupWritesTest.message("TopicA", "one"), GroupWritesTest.message("TopicA",
                "two"))).toCompletableFuture().join();
        store.append(GroupWritesTest.message("TopicA", "three"));

        assertThat(records(follower)).isEqualTo(records(leader)).hasSize(3);
    }

    @Test
    void refusesAnAppendAsASlaveDoes_whenThisReplicaDoesNotLead() {
        log.follow(new ReplicaId("n2"));

        AppendResult result = store.appendAsync(GroupWritesTest.message("TopicA", "one")).toCompletableFuture().join();

        assertThat(result.status()).isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        assertThat(result.reason()).contains("n2");
        assertThat(log.size()).isZero();
    }

    @Test
    void deletesATopicsMessagesOnEveryReplica() {
        store.append(GroupWritesTest.message("TopicA", "one"));

        store.deleteTopic("TopicA");

        assertThat(leader.messages.maxOffset("TopicA", 1)).isZero();
        assertThat(follower.messages.maxOffset("TopicA", 1)).isZero();
    }

    private static List<ByteBuffer> records(Replica replica) {
        ReadResult read = replica.messages.read("TopicA", 1, 0, 32, MessageFilter.ALL);
        return read.messages();
    }
}

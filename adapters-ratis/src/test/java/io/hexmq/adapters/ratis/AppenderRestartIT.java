package io.hexmq.adapters.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.ratis.LoopbackGroup.Replica;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.ratis.grpc.server.GrpcServicesImpl;
import org.apache.ratis.proto.RaftProtos.AppendEntriesRequestProto;
import org.apache.ratis.util.CodeInjectionForTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leader replicates to each follower on a thread of its own. When that thread fails (an exception while
 * it prepares or sends entries), Ratis starts a new one, which takes the follower for a new member and has
 * it install the leader's store files first; replication to it must then go on, and its snapshots too.
 */
class AppenderRestartIT {

    @TempDir
    Path dir;

    private LoopbackGroup group;

    @AfterEach
    void stopGroup() {
        CodeInjectionForTesting.remove(GrpcServicesImpl.GRPC_SEND_SERVER_REQUEST);
        group.close();
    }

    @Test
    void keepsReplicatingToAFollower_afterTheThreadSendingToItFailedOnce() {
        group = new LoopbackGroup(dir, 3).startAll();
        group.write(5, new byte[] {1});
        group.awaitCaughtUp(5);
        Replica leader = group.awaitLeader();
        Replica follower = group.running().stream().filter(replica -> replica != leader).findFirst().orElseThrow();
        AtomicBoolean failed = new AtomicBoolean();
        CodeInjectionForTesting.put(GrpcServicesImpl.GRPC_SEND_SERVER_REQUEST, (local, remote, args) -> {
            if (args.length > 0 && args[0] instanceof AppendEntriesRequestProto request
                    && request.getEntriesCount() > 0
                    && request.getServerRequest().getReplyId().toStringUtf8().equals(follower.id().value())
                    && failed.compareAndSet(false, true)) {
                throw new IllegalStateException("the appender to " + follower.id() + " fails once, as a test");
            }
            return false;
        });

        group.write(5, new byte[] {2});
        group.awaitCaughtUp(10);
        group.write(5, new byte[] {3});
        group.awaitCaughtUp(15);

        assertThat(failed).as("the appender failed once").isTrue();
        assertThat(follower.entries().positions()).isEqualTo(leader.entries().positions());
    }
}

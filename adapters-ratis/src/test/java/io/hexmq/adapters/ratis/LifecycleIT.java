package io.hexmq.adapters.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.ratis.LoopbackGroup.Replica;
import io.hexmq.domain.replication.ReplicationFailedException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LifecycleIT {

    @TempDir
    Path dir;

    @Test
    void refusesProposals_beforeItStarted() {
        RatisGroupLog log = new RatisGroupLog(GroupSettings.of("broker-a", "n0-127.0.0.1:1", "n0", dir));

        assertThat(log.propose(new byte[] {1}).toCompletableFuture().handle((answer, failure) -> failure).join())
                .isInstanceOf(ReplicationFailedException.class);
        log.stop();
    }

    @Test
    void releasesItsPortAndThreads_onStop_whichItDoesOnce_andRestartsOnTheSameDirectoryAndPort() throws Exception {
        try (LoopbackGroup group = new LoopbackGroup(dir, 1).startAll()) {
            Replica replica = group.awaitLeader();
            replica.log().propose(new byte[] {1}).toCompletableFuture().get(30, TimeUnit.SECONDS);

            replica.log().stop();
            replica.log().stop();
            group.stop(0);

            // Ratis lets a stopped leader's event thread finish its current wait (up to the election timeout).
            group.await("the stopped replica's threads ended", () -> threadsOf(replica).isEmpty());
            try (ServerSocket port = new ServerSocket(replica.settings().selfPeer().port(), 1,
                    InetAddress.getLoopbackAddress())) {
                assertThat(port.isBound()).isTrue();
            }
            Replica restarted = group.start(0);
            group.awaitLeader();
            restarted.log().propose(new byte[] {2}).toCompletableFuture().get(30, TimeUnit.SECONDS);
            assertThat(restarted.entries().appliedCount()).isEqualTo(2);
        }
    }

    private static java.util.List<String> threadsOf(Replica replica) {
        String ours = "hexmq-group-" + replica.settings().group() + "-" + replica.id() + "-";
        String ratis = replica.id() + "@group-";
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith(ours) || thread.getName().startsWith(ratis))
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .toList();
    }

}

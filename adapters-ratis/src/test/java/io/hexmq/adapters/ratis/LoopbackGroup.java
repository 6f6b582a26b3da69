package io.hexmq.adapters.ratis;

import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.replication.ReplicationFailedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/**
 * A broker group of real Ratis servers on 127.0.0.1 ports picked free by binding port 0, each replica
 * with its own log directory and its own {@link RecordingEntries}, all in one test JVM.
 */
final class LoopbackGroup implements AutoCloseable {

    static final Duration BOUND = Duration.ofSeconds(30);
    /** The defaults: a test machine shared by busy builds pauses for a second at times, and must not flap. */
    static final Duration ELECTION_MIN = GroupSettings.DEFAULT_ELECTION_TIMEOUT_MIN;
    static final Duration ELECTION_MAX = GroupSettings.DEFAULT_ELECTION_TIMEOUT_MAX;

    private final Path dir;
    private final List<GroupSettings> settings = new ArrayList<>();
    private final List<Replica> replicas = new ArrayList<>();
    private final Object changes = new Object();

    LoopbackGroup(Path dir, int size, UnaryOperator<GroupSettings> tuning) {
        this.dir = dir;
        StringJoiner peers = new StringJoiner(";");
        for (int i = 0; i < size; i++) {
            peers.add("n" + i + "-127.0.0.1:" + freePort());
        }
        for (int i = 0; i < size; i++) {
            settings.add(tuning.apply(GroupSettings.of("broker-a", peers.toString(), "n" + i, dir.resolve("n" + i + "/raft"))
                    .withElectionTimeout(ELECTION_MIN, ELECTION_MAX)));
            replicas.add(null);
        }
    }

    LoopbackGroup(Path dir, int size) {
        this(dir, size, UnaryOperator.identity());
    }

    /** Starts every replica; each start returns once it replayed what it held. */
    LoopbackGroup startAll() {
        for (int i = 0; i < settings.size(); i++) {
            start(i);
        }
        return this;
    }

    Replica start(int i) {
        RecordingEntries entries = new RecordingEntries(dir.resolve("n" + i + "/store"), changes);
        RatisGroupLog log = new RatisGroupLog(settings.get(i));
        log.start(entries);
        Replica replica = new Replica(i, settings.get(i), log, entries);
        replicas.set(i, replica);
        return replica;
    }

    /** Stops a replica as a broker shutting down does: the log first, then its stores. */
    void stop(int i) {
        Replica replica = replicas.get(i);
        if (replica != null) {
            replica.log().stop();
            replica.entries().close();
            replicas.set(i, null);
        }
    }

    Replica replica(int i) {
        return replicas.get(i);
    }

    GroupSettings settings(int i) {
        return settings.get(i);
    }

    List<Replica> running() {
        return replicas.stream().filter(replica -> replica != null).toList();
    }

    /** The replica that reports itself leader to its broker side, once one does. */
    Replica awaitLeader() {
        await("a leader", () -> leader().isPresent());
        return leader().orElseThrow();
    }

    /** The leader, once it is not {@code previous}. */
    Replica awaitLeaderOtherThan(Replica previous) {
        await("a leader other than " + previous.id(),
                () -> leader().filter(leader -> !leader.id().equals(previous.id())).isPresent());
        return leader().orElseThrow();
    }

    Optional<Replica> leader() {
        return running().stream().filter(replica -> {
            GroupRole role = replica.entries().lastRole();
            return role != null && role.isLeader() && replica.log().status().role().isLeader();
        }).findFirst();
    }

    /**
     * Writes {@code count} entries one after the other, each to whichever replica leads then; a proposal
     * refused because leadership moved is proposed again, so an entry may end up in the log twice.
     */
    void write(int count, byte[] entry) {
        for (int written = 0; written < count; ) {
            try {
                awaitLeader().log().propose(entry).toCompletableFuture().get(BOUND.toSeconds(), TimeUnit.SECONDS);
                written++;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof NotLeaderException || e.getCause() instanceof ReplicationFailedException)) {
                    throw new AssertionError("a proposal failed", e.getCause());
                }
            } catch (InterruptedException | TimeoutException e) {
                throw new AssertionError("a proposal did not complete", e);
            }
        }
    }

    /** Waits until every running replica applied as many entries as the leader, and at least {@code count}. */
    void awaitCaughtUp(int count) {
        await("every replica applied the leader's " + count + "+ entries", () -> {
            int leaders = leader().map(replica -> replica.entries().appliedCount()).orElse(-1);
            return leaders >= count && running().stream().allMatch(replica -> replica.entries().appliedCount() == leaders);
        });
    }

    /** Waits for {@code condition}, checked on every change the replicas' broker sides see. */
    void await(String what, BooleanSupplier condition) {
        RecordingEntries.await(changes, BOUND, what, condition);
    }

    Object changes() {
        return changes;
    }

    @Override
    public void close() {
        for (int i = 0; i < replicas.size(); i++) {
            stop(i);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Replica(int index, GroupSettings settings, RatisGroupLog log, RecordingEntries entries) {

        ReplicaId id() {
            return settings.self();
        }
    }
}

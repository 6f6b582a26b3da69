package io.hexmq.adapters.ratis;

import io.hexmq.adapters.ratis.apply.CatchUp;
import io.hexmq.adapters.ratis.apply.EntriesStateMachine;
import io.hexmq.adapters.ratis.install.DurableFilesFetcher;
import io.hexmq.adapters.ratis.install.DurableFilesServer;
import io.hexmq.adapters.ratis.propose.LocalSubmission;
import io.hexmq.adapters.ratis.propose.ProposalBatcher;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.GroupStatus;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.replication.ReplicationFailedException;
import io.hexmq.domain.replication.port.CommittedEntries;
import io.hexmq.domain.replication.port.GroupLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.storage.RaftStorage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A broker group's log as one Apache Ratis group over gRPC: this replica's Ratis server, whose state
 * machine ({@link EntriesStateMachine}) hands committed entries to the broker, and a batcher that
 * coalesces concurrent proposals into log entries ({@link ProposalBatcher}). Leadership, elections,
 * replication, the leader's step-down without a majority and the preferred leader are Ratis's; this class
 * wires them to the port and owns the threads it adds: the entries thread, the proposal writer, a
 * catch-up thread (a follower fetching the leader's files) and an admin thread.
 */
public final class RatisGroupLog implements GroupLog {

    private static final Logger LOG = LoggerFactory.getLogger(RatisGroupLog.class);
    /** One coalesced entry holds at most this much, a larger proposal travels alone. */
    private static final int MAX_BATCH_BYTES = 1 << 20;
    /**
     * Entries in flight at once: one fills while another replicates. Measured with 64 proposers of 1 KiB
     * on 3 replicas: 1 or 2 coalesce about 15 to 25 proposals an entry; 4 or more cut the same load into
     * smaller entries and lose a third of the throughput, since Ratis's cost is per entry.
     */
    private static final int MAX_ENTRIES_IN_FLIGHT = 2;
    private static final long MAX_QUEUED_PROPOSAL_BYTES = 256L << 20;
    private static final long START_POLL_MILLIS = 1000;
    /** Store files travel in chunks this large, each one read-only query to the leader. */
    private static final int CATCH_UP_CHUNK_BYTES = 1 << 20;
    private static final long CATCH_UP_REQUEST_TIMEOUT_MILLIS = 30_000;
    /** The leader releases files a follower stopped fetching for this long (it died, or gave up). */
    private static final long CATCH_UP_IDLE_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final String CATCH_UP_STAGING_DIR = "catch-up";

    private final GroupSettings settings;
    private final RaftGroup group;
    private final GroupThreads threads;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean stopped = new AtomicBoolean();
    private volatile Running running;

    public RatisGroupLog(GroupSettings settings) {
        this.settings = settings;
        this.group = RatisConfiguration.group(settings);
        this.threads = new GroupThreads(settings.group() + "-" + settings.self());
    }

    @Override
    public void start(CommittedEntries entries) {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("the group log of " + settings.self() + " was started already");
        }
        RaftProperties properties = RatisConfiguration.properties(settings);
        PeerClient peers = new PeerClient(group, properties, threads.admin());
        try {
            EntriesStateMachine stateMachine = new EntriesStateMachine(settings.self(), entries, threads.entries(),
                    new CatchUp(
                            new DurableFilesServer(System::nanoTime, CATCH_UP_IDLE_NANOS, CATCH_UP_CHUNK_BYTES),
                            new DurableFilesFetcher(settings.storageDir().resolve(CATCH_UP_STAGING_DIR),
                                    CATCH_UP_CHUNK_BYTES, CATCH_UP_REQUEST_TIMEOUT_MILLIS),
                            threads.catchUp(), peers::query),
                    this::leaveGroup);
            RaftServer server = RaftServer.newBuilder()
                    .setServerId(RatisConfiguration.peerId(settings.self()))
                    .setGroup(group)
                    .setStateMachine(stateMachine)
                    .setProperties(properties)
                    .setOption(RaftStorage.StartupOption.RECOVER)
                    .build();
            ProposalBatcher batcher = new ProposalBatcher(threads.proposals(),
                    new LocalSubmission(server, group.getGroupId(), RatisConfiguration.peerId(settings.self())),
                    MAX_ENTRIES_IN_FLIGHT, MAX_BATCH_BYTES, MAX_QUEUED_PROPOSAL_BYTES);
            running = new Running(server, stateMachine, batcher, peers);
            server.start();
            replay(server.getDivision(group.getGroupId()), stateMachine);
            long tick = settings.electionTimeoutMin().toMillis();
            threads.entries().scheduleWithFixedDelay(stateMachine::tick, tick, tick, TimeUnit.MILLISECONDS);
            RaftServer.Division division = server.getDivision(group.getGroupId());
            StalledFollowerHandOff handOff = new StalledFollowerHandOff(settings, stateMachine::servingFiles,
                    this::transferLeadership);
            threads.entries().scheduleWithFixedDelay(() -> handOff.check(division), tick, tick, TimeUnit.MILLISECONDS);
            LOG.info("{} joined group {} of {}", settings.self(), settings.group(), settings.peers());
        } catch (IOException | RuntimeException e) {
            if (running == null) {
                peers.close();
            }
            stop();
            throw e instanceof IOException io
                    ? new UncheckedIOException("starting the group log of " + settings.self() + " failed", io)
                    : (RuntimeException) e;
        }
    }

    @Override
    public CompletionStage<byte[]> propose(byte[] entry) {
        if (entry.length > RatisConfiguration.MAX_ENTRY_BYTES) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "an entry of " + entry.length + " bytes exceeds " + RatisConfiguration.MAX_ENTRY_BYTES));
        }
        Running now = running;
        if (now == null || stopped.get()) {
            return CompletableFuture.failedFuture(new ReplicationFailedException("the group log is not running"));
        }
        GroupRole role = now.stateMachine().currentRole().orElse(null);
        if (role == null || role.kind() == GroupRole.Kind.FOLLOWER) {
            Optional<ReplicaId> leader = role == null ? Optional.empty() : role.leader();
            return CompletableFuture.failedFuture(new NotLeaderException(settings.self() + " does not lead group "
                    + settings.group() + leader.map(id -> "; " + id + " does").orElse(""), leader));
        }
        return now.batcher().propose(entry);
    }

    @Override
    public GroupStatus status() {
        Running now = running;
        if (now == null) {
            return new GroupStatus(settings.self(), new GroupRole(GroupRole.Kind.FOLLOWER, 0, Optional.empty()), -1, -1,
                    List.of());
        }
        return GroupStatuses.of(settings.self(), now.server(), group.getGroupId(), now.stateMachine());
    }

    @Override
    public CompletionStage<Void> transferLeadership(ReplicaId replica) {
        if (settings.peers().stream().noneMatch(peer -> peer.id().equals(replica))) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    replica + " is not one of the peers of group " + settings.group()));
        }
        Running now = running;
        if (now == null || stopped.get()) {
            return CompletableFuture.failedFuture(new ReplicationFailedException("the group log is not running"));
        }
        long timeoutMillis = 3 * settings.electionTimeoutMax().toMillis();
        return now.peers().transferLeadership(RatisConfiguration.peerId(replica), timeoutMillis);
    }

    @Override
    public void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        Running now = running;
        if (now != null) {
            now.batcher().close();
            closeQuietly(now.server());
            now.peers().close();
        }
        threads.shutdown();
        LOG.info("{} left group {}", settings.self(), settings.group());
    }

    /** Waits until this replica applied what it held committed before the restart. */
    private void replay(RaftServer.Division division, EntriesStateMachine stateMachine) {
        long committed = division.getRaftLog().getLastCommittedIndex();
        CompletableFuture<Void> replayed = stateMachine.appliedUpTo(committed);
        while (true) {
            try {
                replayed.get(START_POLL_MILLIS, TimeUnit.MILLISECONDS);
                return;
            } catch (TimeoutException e) {
                if (!division.getInfo().isAlive()) {
                    throw new ReplicationFailedException(settings.self() + " stopped while replaying its log");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ReplicationFailedException("interrupted while replaying the log", e);
            } catch (ExecutionException e) {
                throw new ReplicationFailedException("replaying the log failed", e.getCause());
            }
        }
    }

    /** After a failed apply the stores may differ from the group's: take no further part in it. */
    private void leaveGroup(Throwable cause) {
        Running now = running;
        if (now == null || stopped.get()) {
            return;
        }
        try {
            threads.admin().execute(() -> {
                now.batcher().close();
                closeQuietly(now.server());
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("{} is stopping anyway", settings.self(), e);
        }
    }

    private void closeQuietly(RaftServer server) {
        try {
            server.close();
        } catch (IOException | RuntimeException e) {
            LOG.warn("{}: closing the Ratis server failed", settings.self(), e);
        }
    }

    private record Running(RaftServer server, EntriesStateMachine stateMachine, ProposalBatcher batcher,
                           PeerClient peers) {
    }
}

package io.hexmq.adapters.ratis.apply;

import io.hexmq.adapters.ratis.install.DurableFilesFetcher;
import io.hexmq.adapters.ratis.install.DurableFilesServer;
import io.hexmq.adapters.ratis.install.FrozenFiles;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.replication.ReplicationFailedException;
import io.hexmq.domain.replication.port.CommittedEntries;
import io.hexmq.domain.replication.port.DurableFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.raftlog.RaftLog;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.SnapshotInfo;
import org.apache.ratis.statemachine.StateMachineStorage;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;
import org.apache.ratis.util.LifeCycle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The group's Ratis state machine: it carries opaque batches of proposals and hands each one to the
 * broker's {@link CommittedEntries} in log order, together with role changes, snapshots and installations,
 * one call at a time ({@link SerialCalls}): entries on Ratis's applier thread, which answers the proposer as
 * soon as {@link #applyTransaction} returns, the rest on the entries thread. A snapshot is the
 * broker's {@link CommittedEntries#makeDurable} plus a marker ({@link DurablePointStorage}) of the last
 * entry of the newest closed log segment applied before it ({@link ClosedSegments}); Ratis purges its log
 * behind the marker. A follower behind the purge is told
 * by its leader to install a snapshot: it fetches the leader's frozen store files ({@link
 * DurableFilesFetcher}, answered here by {@link DurableFilesServer}) and has the broker install them.
 */
public final class EntriesStateMachine extends BaseStateMachine {

    private static final Logger LOG = LoggerFactory.getLogger(EntriesStateMachine.class);

    private final ReplicaId self;
    private final CommittedEntries entries;
    private final ExecutorService entriesThread;
    private final SerialCalls serial;
    private final CatchUp catchUp;
    private final DurablePointStorage storage = new DurablePointStorage();
    private final Consumer<Throwable> leaveGroup;
    private final List<Waiter> waiters = new ArrayList<>();
    private volatile TermIndex applied;
    private volatile long readyTerm = -1;
    private volatile boolean failed;
    private volatile DivisionInfo division;
    private volatile ClosedSegments closedSegments;
    private GroupRole reported;

    /**
     * @param entriesThread one thread: every call into {@code entries} but the applies runs there
     * @param leaveGroup closes this replica's server after a failure; must not run on the entries thread
     */
    public EntriesStateMachine(ReplicaId self, CommittedEntries entries, ExecutorService entriesThread,
                               CatchUp catchUp, Consumer<Throwable> leaveGroup) {
        this.self = self;
        this.entries = entries;
        this.entriesThread = entriesThread;
        this.serial = new SerialCalls(entriesThread);
        this.catchUp = catchUp;
        this.leaveGroup = leaveGroup;
    }

    @Override
    public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage raftStorage) throws IOException {
        super.initialize(server, groupId, raftStorage);
        getLifeCycle().startAndTransition(() -> {
            storage.init(raftStorage);
            closedSegments = new ClosedSegments(raftStorage.getStorageDir().getCurrentDir().toPath());
            restoreFromMarker();
        });
    }

    @Override
    public StateMachineStorage getStateMachineStorage() {
        return storage;
    }

    @Override
    public SnapshotInfo getLatestSnapshot() {
        return storage.getLatestSnapshot();
    }

    /** The last log entry applied to the stores, or null before the first. */
    public TermIndex applied() {
        return applied;
    }

    /** Completes once the log is applied up to {@code index}. */
    public CompletableFuture<Void> appliedUpTo(long index) {
        CompletableFuture<Void> reached = new CompletableFuture<>();
        serial.now(() -> {
            if (appliedIndex() >= index) {
                reached.complete(null);
            } else {
                waiters.add(new Waiter(index, reached));
            }
        });
        return reached;
    }

    @Override
    public CompletableFuture<Message> applyTransaction(TransactionContext transaction) {
        LogEntryProto entry = transaction.getLogEntry();
        updateLastAppliedTermIndex(entry.getTerm(), entry.getIndex());
        // Only the leader that took the proposal has someone waiting for the answers.
        boolean answered = transaction.getClientRequest() != null;
        CompletableFuture<Message> done = new CompletableFuture<>();
        serial.now(() -> apply(entry, answered, done));
        return done;
    }

    @Override
    public void notifyTermIndexUpdated(long term, long index) {
        super.notifyTermIndexUpdated(term, index);
        TermIndex point = TermIndex.valueOf(term, index);
        serial.now(() -> advance(point));
    }

    /**
     * Snapshots only at the last entry of a closed log segment (see {@link ClosedSegments} for why), the
     * newest one applied; until one closed past the latest snapshot there is nothing
     * to purge, no new snapshot is taken (the answer is "none") and the stores are not flushed for nothing.
     * Ratis then asks again after each entry it applies, which costs one file lookup.
     */
    @Override
    public long takeSnapshot() throws IOException {
        if (failed) {
            throw new IOException("this replica's log failed; its stores are not made durable again");
        }
        SnapshotInfo latest = storage.getLatestSnapshot();
        long latestIndex = latest == null ? RaftLog.INVALID_LOG_INDEX : latest.getIndex();
        // Right after an installation the stores are ahead of what Ratis counts as applied, and a
        // snapshot must never be ahead of Ratis.
        long upTo = Math.min(appliedIndex(), getLastAppliedTermIndex() == null ? RaftLog.INVALID_LOG_INDEX
                : getLastAppliedTermIndex().getIndex());
        long end = closedSegments.newestEndBetween(latestIndex, upTo);
        TermIndex point = end == RaftLog.INVALID_LOG_INDEX ? null
                : serverDivision().map(division -> division.getRaftLog().getTermIndex(end)).orElse(null);
        if (point == null) {
            return RaftLog.INVALID_LOG_INDEX;
        }
        serial.now(entries::makeDurable);
        storage.record(point);
        return point.getIndex();
    }

    @Override
    public void pause() {
        getLifeCycle().transition(LifeCycle.State.PAUSING);
        getLifeCycle().transition(LifeCycle.State.PAUSED);
    }

    @Override
    public void reinitialize() throws IOException {
        getLifeCycle().startAndTransition(() -> {
            storage.reload();
            restoreFromMarker();
        });
    }

    @Override
    public void notifyLeaderChanged(RaftGroupMemberId member, RaftPeerId newLeader) {
        serial.later(this::reportRole);
    }

    /**
     * Ratis calls this while it applies the entry that opens the leader's term, after it applied every
     * entry before it; only then does the broker hear that it leads, and this replica take proposals.
     */
    @Override
    public void notifyLeaderReady() {
        division().ifPresent(info -> {
            long term = info.getCurrentTerm();
            serial.later(() -> {
                readyTerm = term;
                reportRole();
            });
        });
    }

    @Override
    public void notifyNotLeader(Collection<TransactionContext> pending) {
        serial.later(this::reportRole);
    }

    @Override
    public void notifyLogFailed(Throwable cause, LogEntryProto failedEntry) {
        serial.later(() -> fail(cause));
    }

    /** Periodic work: notice role changes Ratis has no event for, release idle file transfers. */
    public void tick() {
        serial.later(this::reportRole);
        catchUp.server().expireIdle();
    }

    /** Whether a follower is fetching this replica's store files now. */
    public boolean servingFiles() {
        return catchUp.server().openSessions() > 0;
    }

    /** The role this replica has now, as {@link CommittedEntries#roleChanged} reports it. */
    public Optional<GroupRole> currentRole() {
        return division().map(info -> Roles.roleOf(info, self, readyTerm));
    }

    @Override
    public CompletableFuture<Message> query(Message request) {
        return catchUp.server().serve(request.getContent().asReadOnlyByteBuffer(), this::freeze)
                .thenApply(reply -> Message.valueOf(UnsafeByteOperations.unsafeWrap(reply)));
    }

    @Override
    public CompletableFuture<TermIndex> notifyInstallSnapshotFromLeader(RoleInfoProto role, TermIndex firstInLog) {
        RaftPeerId leader = RaftPeerId.valueOf(role.getFollowerInfo().getLeaderInfo().getId().getId());
        LOG.info("{}: the leader {} purged its log up to {}; fetching its store files", self, leader, firstInLog);
        return CompletableFuture.supplyAsync(
                        () -> catchUp.fetcher().fetch(request -> catchUp.queryLeader().apply(leader, request)),
                        catchUp.thread())
                .thenApplyAsync(received -> serial.now(() -> install(received)), entriesThread);
    }

    /** The log stops: what was applied since the last snapshot is made durable too, unless the log failed. */
    @Override
    public void close() throws IOException {
        if (!failed && applied != null) {
            serial.now(entries::makeDurable);
        }
        catchUp.server().close();
        getLifeCycle().checkStateAndClose();
    }

    private void apply(LogEntryProto entry, boolean answered, CompletableFuture<Message> done) {
        if (failed) {
            done.completeExceptionally(new ReplicationFailedException("this replica's log failed"));
            return;
        }
        try {
            Message answers = BatchApply.apply(entries, entry, answered);
            advance(TermIndex.valueOf(entry));
            done.complete(answers);
        } catch (RuntimeException e) {
            done.completeExceptionally(new ReplicationFailedException("applying log entry " + entry.getIndex()
                    + " failed on " + self + ": " + e.getMessage(), e));
            fail(e);
        }
    }

    private void advance(TermIndex point) {
        if (applied != null && point.compareTo(applied) <= 0) {
            return;
        }
        applied = point;
        waiters.removeIf(waiter -> waiter.reachedBy(point.getIndex()));
    }

    private void fail(Throwable cause) {
        if (failed) {
            return;
        }
        failed = true;
        LOG.error("{}: the group log failed and this replica leaves its group; restart it to rejoin", self, cause);
        try {
            entries.failed(cause);
        } finally {
            leaveGroup.accept(cause);
        }
    }

    private void reportRole() {
        currentRole().filter(now -> !now.equals(reported) && !failed).ifPresent(now -> {
            reported = now;
            entries.roleChanged(now);
        });
    }

    private CompletableFuture<FrozenFiles> freeze() {
        return CompletableFuture.supplyAsync(() -> serial.now(() -> {
            TermIndex point = applied;
            if (point == null) {
                throw new IllegalStateException("this replica has applied nothing it could ship");
            }
            return new FrozenFiles(point, entries.durableFiles());
        }), entriesThread);
    }

    private TermIndex install(FrozenFiles received) {
        try (DurableFiles files = received.files()) {
            entries.install(files);
            storage.record(received.point());
            advance(received.point());
            LOG.info("{}: installed the leader's store files up to log entry {}", self, received.point());
            return received.point();
        } catch (IOException e) {
            throw new UncheckedIOException("recording the installed durable point failed", e);
        }
    }

    private void restoreFromMarker() {
        SnapshotInfo latest = storage.getLatestSnapshot();
        if (latest != null) {
            setLastAppliedTermIndex(latest.getTermIndex());
            TermIndex point = latest.getTermIndex();
            serial.now(() -> {
                if (applied == null || point.compareTo(applied) > 0) {
                    advance(point);
                }
            });
        }
    }

    private long appliedIndex() {
        TermIndex point = applied;
        return point == null ? RaftLog.INVALID_LOG_INDEX : point.getIndex();
    }

    private Optional<DivisionInfo> division() {
        DivisionInfo known = division;
        if (known == null) {
            known = serverDivision().map(RaftServer.Division::getInfo).orElse(null);
            division = known;
        }
        return Optional.ofNullable(known);
    }

    private Optional<RaftServer.Division> serverDivision() {
        RaftServer server = getServer().getNow(null);
        try {
            return server == null ? Optional.empty() : Optional.of(server.getDivision(getGroupId()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private record Waiter(long index, CompletableFuture<Void> reached) {

        boolean reachedBy(long appliedIndex) {
            if (appliedIndex < index) {
                return false;
            }
            reached.complete(null);
            return true;
        }
    }
}

package io.hexmq.adapters.ratis;

import io.hexmq.adapters.ratis.StalledFollowers.Follower;
import io.hexmq.domain.replication.ReplicaId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.apache.ratis.proto.RaftProtos.CommitInfoProto;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.proto.RaftProtos.ServerRpcProto;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * On the leader, at every tick: reads from Ratis what each follower last reported and when it last
 * answered, asks {@link StalledFollowers}, and hands leadership over when a follower is stalled.
 */
final class StalledFollowerHandOff {

    private static final Logger LOG = LoggerFactory.getLogger(StalledFollowerHandOff.class);
    /** A stalled follower is waited for this many maximum election timeouts (15 s by default). */
    private static final int STALLED_AFTER_ELECTION_TIMEOUTS = 10;
    /** Ratis's appender retries a failing follower up to 5 s apart: one that answered within twice that is up. */
    private static final long ANSWERED_WITHIN_MILLIS = 10_000;

    private final ReplicaId self;
    private final StalledFollowers followers;
    private final BooleanSupplier fetching;
    private final Function<ReplicaId, CompletionStage<Void>> transferLeadership;
    private volatile boolean handingOver;

    /**
     * @param fetching whether a follower is fetching this replica's store files now
     * @param transferLeadership hands the group's leadership to the given replica
     */
    StalledFollowerHandOff(GroupSettings settings, BooleanSupplier fetching,
                           Function<ReplicaId, CompletionStage<Void>> transferLeadership) {
        this.self = settings.self();
        this.followers = new StalledFollowers(
                STALLED_AFTER_ELECTION_TIMEOUTS * settings.electionTimeoutMax().toNanos(), ANSWERED_WITHIN_MILLIS);
        this.fetching = fetching;
        this.transferLeadership = transferLeadership;
    }

    /** One look, from the one thread that ticks; a failed look is logged and the next tick looks again. */
    void check(RaftServer.Division division) {
        try {
            look(division);
        } catch (RuntimeException e) {
            LOG.warn("{}: looking at the followers' progress failed", self, e);
        }
    }

    private void look(RaftServer.Division division) {
        DivisionInfo info = division.getInfo();
        RoleInfoProto role = info.getRoleInfoProto();
        if (!info.isLeader() || !role.hasLeaderInfo()) {
            followers.forget();
            return;
        }
        if (handingOver) {
            return;
        }
        Map<String, Long> commits = new HashMap<>();
        for (CommitInfoProto commit : division.getCommitInfos()) {
            commits.put(commit.getServer().getId().toStringUtf8(), commit.getCommitIndex());
        }
        List<Follower> seen = new ArrayList<>();
        for (ServerRpcProto follower : role.getLeaderInfo().getFollowerInfoList()) {
            String id = follower.getId().getId().toStringUtf8();
            seen.add(new Follower(new ReplicaId(id), commits.getOrDefault(id, -1L), follower.getLastRpcElapsedTimeMs()));
        }
        long commit = division.getRaftLog().getLastCommittedIndex();
        followers.check(System.nanoTime(), commit, seen, fetching.getAsBoolean()).ifPresent(successor -> {
            LOG.warn("{}: a follower answers but its log has not moved for {} election timeouts (commit {} here): "
                    + "handing leadership to {}, whose appenders start afresh", self,
                    STALLED_AFTER_ELECTION_TIMEOUTS, commit, successor);
            handingOver = true;
            transferLeadership.apply(successor).whenComplete((done, failure) -> {
                if (failure != null) {
                    LOG.warn("{}: handing leadership to {} failed: {}", self, successor, failure.getMessage());
                }
                handingOver = false;
            });
        });
    }
}

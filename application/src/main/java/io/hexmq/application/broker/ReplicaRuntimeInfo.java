package io.hexmq.application.broker;

import io.hexmq.domain.replication.GroupStatus;
import io.hexmq.domain.replication.PeerProgress;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A replica's place in its broker group as GET_BROKER_RUNTIME_INFO reports it, for operators and the admin
 * CLI's cluster list. RocketMQ's runtime table has no keys for a Raft group's replica, so these are hexmq's
 * own, all named {@code replica...}; a broker on its own reports none of them.
 *
 * <ul>
 *   <li>{@code replicaRole}: LEADER, FOLLOWER or CANDIDATE; {@code replicaTerm}: the election term;
 *       {@code replicaLeader}: the leader's replica id, empty while none is known</li>
 *   <li>{@code replicaCommitIndex}, {@code replicaAppliedIndex}: this replica's view of the log</li>
 *   <li>{@code replicaLag}: how many committed log entries this replica has not applied yet (0 on the
 *       leader, which applies before it answers)</li>
 *   <li>{@code replicaPeerLag}: on the leader, each other replica's entries behind the commit index,
 *       {@code "n1=0 n2=12"}; empty elsewhere</li>
 * </ul>
 */
public final class ReplicaRuntimeInfo {

    public static final String ROLE = "replicaRole";
    public static final String TERM = "replicaTerm";
    public static final String LAG = "replicaLag";

    private ReplicaRuntimeInfo() {
    }

    /** Adds {@code status}'s keys to {@code table}. */
    static void putInto(Map<String, String> table, GroupStatus status) {
        table.put(ROLE, status.role().kind().name());
        table.put(TERM, Long.toString(status.role().term()));
        table.put("replicaLeader", status.role().leader().map(leader -> leader.value()).orElse(""));
        table.put("replicaCommitIndex", Long.toString(status.commitIndex()));
        table.put("replicaAppliedIndex", Long.toString(status.appliedIndex()));
        table.put(LAG, Long.toString(status.role().isLeader() ? 0
                : Math.max(0, status.commitIndex() - status.appliedIndex())));
        StringJoiner peers = new StringJoiner(" ");
        for (PeerProgress peer : status.peers()) {
            peers.add(peer.replica().value() + "=" + Math.max(0, status.commitIndex() - peer.matchIndex()));
        }
        table.put("replicaPeerLag", peers.toString());
    }
}

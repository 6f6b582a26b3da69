package io.hexmq.adapters.ratis.apply;

import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.ReplicaId;
import java.util.Optional;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.DivisionInfo;

/**
 * A Ratis division's role in the domain's terms. A leader counts as {@code LEADER} only once it is
 * ready: the broker's side applied the entry that opens its term, so everything committed before; until
 * then it is still between roles.
 */
public final class Roles {

    private Roles() {
    }

    /**
     * @param readyTerm the last term in which this replica, as a leader, applied every entry of earlier
     *     terms on the thread that feeds the broker
     */
    public static GroupRole roleOf(DivisionInfo info, ReplicaId self, long readyTerm) {
        long term = info.getCurrentTerm();
        return switch (info.getCurrentRole()) {
            case LEADER -> readyTerm == term
                    ? new GroupRole(GroupRole.Kind.LEADER, term, Optional.of(self))
                    : new GroupRole(GroupRole.Kind.CANDIDATE, term, Optional.empty());
            case CANDIDATE -> new GroupRole(GroupRole.Kind.CANDIDATE, term, Optional.empty());
            default -> new GroupRole(GroupRole.Kind.FOLLOWER, term, leaderOf(info));
        };
    }

    private static Optional<ReplicaId> leaderOf(DivisionInfo info) {
        RaftPeerId leader = info.getLeaderId();
        return leader == null ? Optional.empty() : Optional.of(new ReplicaId(leader.toString()));
    }
}

package io.hexmq.adapters.ratis;

import io.hexmq.adapters.ratis.apply.EntriesStateMachine;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.GroupStatus;
import io.hexmq.domain.replication.PeerProgress;
import io.hexmq.domain.replication.ReplicaId;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.proto.RaftProtos.ServerRpcProto;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;

/** A replica's {@link GroupStatus}, read from its Ratis division without waiting for anything. */
final class GroupStatuses {

    private GroupStatuses() {
    }

    static GroupStatus of(ReplicaId self, RaftServer server, RaftGroupId group, EntriesStateMachine stateMachine) {
        TermIndex applied = stateMachine.applied();
        long appliedIndex = applied == null ? -1 : applied.getIndex();
        RaftServer.Division division;
        try {
            division = server.getDivision(group);
        } catch (IOException e) {
            return new GroupStatus(self, new GroupRole(GroupRole.Kind.FOLLOWER, 0, Optional.empty()), -1, appliedIndex,
                    List.of());
        }
        DivisionInfo info = division.getInfo();
        GroupRole role = stateMachine.currentRole()
                .orElseGet(() -> new GroupRole(GroupRole.Kind.FOLLOWER, info.getCurrentTerm(), Optional.empty()));
        return new GroupStatus(self, role, division.getRaftLog().getLastCommittedIndex(), appliedIndex,
                role.isLeader() ? followers(info) : List.of());
    }

    /**
     * Ratis lists the followers' addresses and their match indexes separately, both in the order of its
     * log appenders; a reconfiguration between the two reads would change the lengths, never the pairing.
     */
    private static List<PeerProgress> followers(DivisionInfo info) {
        RoleInfoProto role = info.getRoleInfoProto();
        long[] matchIndexes = info.getFollowerMatchIndices();
        if (!role.hasLeaderInfo() || matchIndexes == null
                || role.getLeaderInfo().getFollowerInfoCount() != matchIndexes.length) {
            return List.of();
        }
        List<PeerProgress> peers = new ArrayList<>(matchIndexes.length);
        for (int i = 0; i < matchIndexes.length; i++) {
            ServerRpcProto follower = role.getLeaderInfo().getFollowerInfo(i);
            peers.add(new PeerProgress(new ReplicaId(follower.getId().getId().toStringUtf8()), matchIndexes[i]));
        }
        return peers;
    }
}

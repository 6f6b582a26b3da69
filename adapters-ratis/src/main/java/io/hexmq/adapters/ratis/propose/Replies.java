package io.hexmq.adapters.ratis.propose;

import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.replication.ReplicationFailedException;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.exceptions.LeaderNotReadyException;
import org.apache.ratis.protocol.exceptions.LeaderSteppingDownException;
import org.apache.ratis.protocol.exceptions.RaftException;
import org.apache.ratis.protocol.exceptions.TransferLeadershipException;

/** Ratis's answers to a request, in the domain's terms: a leadership problem or another failure. */
public final class Replies {

    private Replies() {
    }

    /** The failure a reply that is not a success stands for. */
    public static RuntimeException failureOf(RaftClientReply reply) {
        return failureOf(reply.getException());
    }

    /** The failure a request that did not get a reply stands for. */
    public static RuntimeException failureOf(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof NotLeaderException || cause instanceof ReplicationFailedException) {
            return (RuntimeException) cause;
        }
        if (cause instanceof org.apache.ratis.protocol.exceptions.NotLeaderException notLeader) {
            return new NotLeaderException("this replica does not lead its group",
                    Optional.ofNullable(notLeader.getSuggestedLeader()).map(RaftPeer::getId)
                            .map(id -> new ReplicaId(id.toString())));
        }
        if (cause instanceof LeaderNotReadyException notReady) {
            return new NotLeaderException("this replica was just elected and still applies earlier entries",
                    Optional.of(new ReplicaId(notReady.getServerId().getPeerId().toString())));
        }
        if (cause instanceof LeaderSteppingDownException || cause instanceof TransferLeadershipException) {
            return new NotLeaderException("this replica is handing leadership over: " + cause.getMessage(),
                    Optional.empty());
        }
        if (cause instanceof RaftException) {
            return new ReplicationFailedException(cause.getMessage(), cause);
        }
        return new ReplicationFailedException("the group log failed: " + cause, cause);
    }
}

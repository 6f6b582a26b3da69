package io.hexmq.adapters.netty.broker;

import io.hexmq.application.replication.TransferGroupLeadership;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.remoting.header.TransferLeadershipHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * TRANSFER_GROUP_LEADERSHIP (900001, hexmq's own): header toReplica. Answers SUCCESS once that replica leads,
 * without holding the handler's thread meanwhile; a refusal (unknown replica, one behind, not the preferred
 * leader, no election within the bound) is answered SYSTEM_ERROR with the group's reason.
 */
public final class TransferGroupLeadershipHandler implements RequestHandler {

    private final TransferGroupLeadership transfer;

    public TransferGroupLeadershipHandler(TransferGroupLeadership transfer) {
        this.transfer = Objects.requireNonNull(transfer, "transfer");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        String replica = request.header().stringOf(TransferLeadershipHeader.TO_REPLICA).trim();
        if (replica.isEmpty()) {
            return Replies.failure(request, ResponseCode.SYSTEM_ERROR, "toReplica must name a replica");
        }
        return Replies.successOnce(transfer.transferTo(new ReplicaId(replica)), request);
    }
}

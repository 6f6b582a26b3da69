package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.DeletePlainAccount;
import io.hexmq.domain.DomainException;
import io.hexmq.remoting.header.PlainAclHeader;
import io.hexmq.remoting.protocol.PlainAclCodes;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * DELETE_ACL_CONFIG (51), {@code mqadmin deleteAclConfig}: removes the account the header's {@code accessKey}
 * names and writes {@code plain_acl.yml} back. Answers SUCCESS, or DELETE_ACL_CONFIG_FAILED when there is none.
 */
public final class DeletePlainAccountHandler implements RequestHandler {

    private final DeletePlainAccount delete;

    public DeletePlainAccountHandler(DeletePlainAccount delete) {
        this.delete = delete;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        RemotingCommand response;
        try {
            delete.delete(request.header().stringOf(PlainAclHeader.ACCESS_KEY));
            response = RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build();
        } catch (DomainException e) {
            response = RemotingCommand.responseTo(request, PlainAclCodes.DELETE_ACL_CONFIG_FAILED)
                    .remark(e.getMessage()).build();
        }
        return CompletableFuture.completedFuture(response);
    }
}

package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.DeleteAcl;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.remoting.header.AuthHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * AUTH_DELETE_ACL (3008), {@code mqadmin deleteAcl}: header subject and, optionally, resource (only the
 * entries on it go). Answers SUCCESS.
 */
public final class DeleteAclHandler implements RequestHandler {

    private final DeleteAcl delete;

    public DeleteAclHandler(DeleteAcl delete) {
        this.delete = delete;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        Optional<ResourcePattern> resource = Optional.of(header.stringOf(AuthHeader.RESOURCE))
                .filter(text -> !text.isBlank()).map(ResourcePattern::parse);
        delete.delete(AuthBodies.subject(header.stringOf(AuthHeader.SUBJECT)), resource);
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build());
    }
}

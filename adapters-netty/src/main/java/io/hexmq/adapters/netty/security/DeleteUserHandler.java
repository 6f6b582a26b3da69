package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.DeleteUser;
import io.hexmq.domain.auth.Username;
import io.hexmq.remoting.header.AuthHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/** AUTH_DELETE_USER (3003), {@code mqadmin deleteUser}: header username. Answers SUCCESS. */
public final class DeleteUserHandler implements RequestHandler {

    private final DeleteUser delete;

    public DeleteUserHandler(DeleteUser delete) {
        this.delete = delete;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        delete.delete(new Username(request.header().stringOf(AuthHeader.USERNAME)));
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build());
    }
}

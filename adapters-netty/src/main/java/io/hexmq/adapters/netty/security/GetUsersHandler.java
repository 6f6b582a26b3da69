package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.ListUsers;
import io.hexmq.remoting.body.AuthJson;
import io.hexmq.remoting.header.AuthHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * AUTH_GET_USER (3004, header username: its UserInfo, no body when there is no such user) and AUTH_LIST_USER
 * (3005, header filter: the UserInfo of each user whose name contains it). Passwords are never answered.
 */
public final class GetUsersHandler implements RequestHandler {

    private final ListUsers list;

    public GetUsersHandler(ListUsers list) {
        this.list = list;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        RemotingCommand.Builder response = RemotingCommand.responseTo(request, ResponseCode.SUCCESS);
        if (request.code() == RequestCode.AUTH_GET_USER) {
            String name = request.header().stringOf(AuthHeader.USERNAME);
            list.list(name).stream().filter(user -> user.username().value().equals(name)).findFirst()
                    .ifPresent(user -> response.body(AuthJson.writeUser(AuthBodies.withoutPassword(user))));
        } else {
            response.body(AuthJson.writeUsers(list.list(request.header().stringOf(AuthHeader.FILTER))
                    .stream().map(AuthBodies::withoutPassword).toList()));
        }
        return CompletableFuture.completedFuture(response.build());
    }
}

package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.CreateUser;
import io.hexmq.application.auth.UpdateUser;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserStatus;
import io.hexmq.domain.auth.UserType;
import io.hexmq.domain.auth.Username;
import io.hexmq.remoting.body.AuthJson;
import io.hexmq.remoting.header.AuthHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * AUTH_CREATE_USER (3001) and AUTH_UPDATE_USER (3002), {@code mqadmin createUser/updateUser}: header
 * username, body a UserInfo. A new user is Normal and enabled unless the body says otherwise and needs a
 * password; an update changes what the body names. Answers SUCCESS.
 */
public final class CreateOrUpdateUserHandler implements RequestHandler {

    private final CreateUser create;
    private final UpdateUser update;

    public CreateOrUpdateUserHandler(CreateUser create, UpdateUser update) {
        this.create = create;
        this.update = update;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        AuthJson.UserInfo info = AuthJson.readUser(request.body());
        Username name = new Username(Optional.ofNullable(info.username())
                .orElseGet(() -> request.header().stringOf(AuthHeader.USERNAME)));
        Optional<UserType> type = Optional.ofNullable(info.userType()).map(UserType::parse);
        Optional<UserStatus> status = Optional.ofNullable(info.userStatus()).map(UserStatus::parse);
        if (request.code() == RequestCode.AUTH_CREATE_USER) {
            if (info.password() == null) {
                throw new InvalidAuthDataException("user " + name + " needs a password");
            }
            create.create(new User(name, info.password(), type.orElse(UserType.NORMAL),
                    status.orElse(UserStatus.ENABLE)));
        } else {
            update.update(new UpdateUser.Command(name, Optional.ofNullable(info.password()), type, status));
        }
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build());
    }
}

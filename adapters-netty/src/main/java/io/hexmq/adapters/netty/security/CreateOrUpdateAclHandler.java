package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.PutAclEntries;
import io.hexmq.remoting.body.AuthJson;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * AUTH_CREATE_ACL (3006) and AUTH_UPDATE_ACL (3007), {@code mqadmin createAcl/updateAcl}: body an AclInfo
 * whose entries replace the subject's entries on the same resources. Answers SUCCESS.
 */
public final class CreateOrUpdateAclHandler implements RequestHandler {

    private final PutAclEntries put;

    public CreateOrUpdateAclHandler(PutAclEntries put) {
        this.put = put;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        put.put(AuthBodies.acl(AuthJson.readAcl(request.body())));
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build());
    }
}

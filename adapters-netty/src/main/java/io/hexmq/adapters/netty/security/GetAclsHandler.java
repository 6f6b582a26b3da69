package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.ListAcls;
import io.hexmq.domain.auth.Username;
import io.hexmq.remoting.body.AuthJson;
import io.hexmq.remoting.header.AuthHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * AUTH_GET_ACL (3009, header subject: its AclInfo, no body when it has none) and AUTH_LIST_ACL (3010, headers
 * subjectFilter and resourceFilter: the AclInfo of each matching subject).
 */
public final class GetAclsHandler implements RequestHandler {

    private final ListAcls list;

    public GetAclsHandler(ListAcls list) {
        this.list = list;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        RemotingCommand.Builder response = RemotingCommand.responseTo(request, ResponseCode.SUCCESS);
        if (request.code() == RequestCode.AUTH_GET_ACL) {
            Username subject = AuthBodies.subject(header.stringOf(AuthHeader.SUBJECT));
            list.list(subject.value(), "").stream().filter(acl -> acl.subject().equals(subject)).findFirst()
                    .ifPresent(acl -> response.body(AuthJson.writeAcl(AuthBodies.info(acl))));
        } else {
            String subjectFilter = header.stringOf(AuthHeader.SUBJECT_FILTER);
            if (subjectFilter.startsWith(AuthJson.USER_SUBJECT)) {
                subjectFilter = subjectFilter.substring(AuthJson.USER_SUBJECT.length());
            }
            response.body(AuthJson.writeAcls(list.list(subjectFilter, header.stringOf(AuthHeader.RESOURCE_FILTER))
                    .stream().map(AuthBodies::info).toList()));
        }
        return CompletableFuture.completedFuture(response.build());
    }
}

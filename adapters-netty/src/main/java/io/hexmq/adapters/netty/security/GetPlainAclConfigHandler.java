package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.ReadPlainAcl;
import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.domain.auth.plain.PlainAccount;
import io.hexmq.domain.auth.plain.PlainPerm;
import io.hexmq.remoting.body.PlainAclJson;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * GET_BROKER_CLUSTER_ACL_CONFIG (54; 5.x and 4.x before 4.9.3): the global white list and the accounts, as
 * RocketMQ's AclConfig body. Unlike RocketMQ, the secrets are left out (an empty {@code secretKey}): an admin
 * answer never carries one.
 */
public final class GetPlainAclConfigHandler implements RequestHandler {

    private final ReadPlainAcl read;

    public GetPlainAclConfigHandler(ReadPlainAcl read) {
        this.read = read;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        ReadPlainAcl.Snapshot acl = read.read();
        byte[] body = PlainAclJson.writeAclConfig(
                acl.table().globalWhiteRemoteAddresses().stream().map(AddressPattern::text).toList(),
                acl.table().accounts().values().stream().map(GetPlainAclConfigHandler::withoutSecret).toList());
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .body(body).build());
    }

    private static PlainAclJson.PlainAccessConfig withoutSecret(PlainAccount account) {
        return new PlainAclJson.PlainAccessConfig(account.accessKey(), "", account.whiteRemoteAddress().text(),
                account.admin(), account.defaultTopicPerm().text(), account.defaultGroupPerm().text(),
                texts(account.topicPerms()), texts(account.groupPerms()));
    }

    private static List<String> texts(Map<String, PlainPerm> perms) {
        return perms.entrySet().stream().map(perm -> perm.getKey() + "=" + perm.getValue().text()).toList();
    }
}

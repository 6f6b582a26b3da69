package io.hexmq.client.internal.admin;

import io.hexmq.client.AclAdmin;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.remoting.body.AuthJson;
import io.hexmq.remoting.header.AuthHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** The ACL admin over a {@link ClientInstance}'s connections, in the shapes of RocketMQ's UserInfo and AclInfo. */
public final class DefaultAclAdmin implements AclAdmin {

    private final ClusterCalls servers;

    public DefaultAclAdmin(ClientInstance instance) {
        this.servers = new ClusterCalls(instance);
    }

    @Override
    public void createUser(String cluster, String username, String password, boolean superUser) {
        Objects.requireNonNull(password, "password");
        onEveryMaster(cluster, RemotingCommand.request(RequestCode.AUTH_CREATE_USER).extField(AuthHeader.USERNAME, username)
                .body(AuthJson.writeUser(new AuthJson.UserInfo(username, password, superUser ? "Super" : "Normal",
                        "enable"))).build());
    }

    @Override
    public void updateUser(String cluster, String username, String password, String userType, String userStatus) {
        onEveryMaster(cluster, RemotingCommand.request(RequestCode.AUTH_UPDATE_USER).extField(AuthHeader.USERNAME, username)
                .body(AuthJson.writeUser(new AuthJson.UserInfo(username, password, userType, userStatus))).build());
    }

    @Override
    public void deleteUser(String cluster, String username) {
        onEveryMaster(cluster, RemotingCommand.request(RequestCode.AUTH_DELETE_USER).extField(AuthHeader.USERNAME, username)
                .build());
    }

    @Override
    public List<User> listUsers(String cluster) {
        RemotingCommand response = onFirstMaster(cluster, RemotingCommand.request(RequestCode.AUTH_LIST_USER)
                .extField(AuthHeader.FILTER, "").build());
        return AuthJson.readUsers(response.body()).stream()
                .map(info -> new User(info.username(), info.userType(), info.userStatus())).toList();
    }

    @Override
    public void putAcl(String cluster, String username, List<String> resources, List<String> actions,
                       List<String> sourceIps, String decision) {
        List<AuthJson.EntryInfo> entries = resources.stream()
                .map(resource -> new AuthJson.EntryInfo(resource, actions, sourceIps, decision)).toList();
        AuthJson.AclInfo acl = new AuthJson.AclInfo(AuthJson.USER_SUBJECT + username,
                List.of(new AuthJson.PolicyInfo(AuthJson.CUSTOM_POLICY, entries)));
        onEveryMaster(cluster, RemotingCommand.request(RequestCode.AUTH_CREATE_ACL)
                .extField(AuthHeader.SUBJECT, AuthJson.USER_SUBJECT + username).body(AuthJson.writeAcl(acl)).build());
    }

    @Override
    public void deleteAcl(String cluster, String username, String resource) {
        onEveryMaster(cluster, RemotingCommand.request(RequestCode.AUTH_DELETE_ACL)
                .extField(AuthHeader.SUBJECT, AuthJson.USER_SUBJECT + username).extField(AuthHeader.RESOURCE, resource).build());
    }

    @Override
    public List<Entry> listAcls(String cluster) {
        RemotingCommand response = onFirstMaster(cluster, RemotingCommand.request(RequestCode.AUTH_LIST_ACL)
                .extField(AuthHeader.SUBJECT_FILTER, "").extField(AuthHeader.RESOURCE_FILTER, "").build());
        List<Entry> entries = new ArrayList<>();
        for (AuthJson.AclInfo acl : AuthJson.readAcls(response.body())) {
            String username = acl.subject().startsWith(AuthJson.USER_SUBJECT)
                    ? acl.subject().substring(AuthJson.USER_SUBJECT.length()) : acl.subject();
            for (AuthJson.PolicyInfo policy : acl.policies()) {
                for (AuthJson.EntryInfo entry : policy.entries()) {
                    entries.add(new Entry(username, entry.resource(), entry.actions(), entry.sourceIps(),
                            entry.decision()));
                }
            }
        }
        return entries;
    }

    private void onEveryMaster(String cluster, RemotingCommand request) {
        List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
        for (String master : servers.masters(cluster)) {
            calls.add(servers.callBroker(master, request));
        }
        ClusterCalls.awaitAll(calls);
    }

    private RemotingCommand onFirstMaster(String cluster, RemotingCommand request) {
        return ClusterCalls.awaitAll(List.of(servers.callBroker(servers.masters(cluster).get(0), request))).get(0);
    }
}

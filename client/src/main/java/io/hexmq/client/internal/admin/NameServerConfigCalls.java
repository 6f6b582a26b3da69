package io.hexmq.client.internal.admin;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.PropertiesBody;
import io.hexmq.remoting.header.KvConfigHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;

/** The NameServers' own state: their KV config and their settings, on every NameServer the client knows. */
final class NameServerConfigCalls {

    private final ClientInstance instance;
    private final ClusterCalls servers;

    NameServerConfigCalls(ClientInstance instance, ClusterCalls servers) {
        this.instance = Objects.requireNonNull(instance, "instance");
        this.servers = Objects.requireNonNull(servers, "servers");
    }

    void putKvConfig(String namespace, String key, String value) {
        Objects.requireNonNull(value, "value");
        onEveryNameServer(kvRequest(RequestCode.PUT_KV_CONFIG, namespace, key).extField(KvConfigHeader.VALUE, value)
                .build());
    }

    Optional<String> getKvConfig(String namespace, String key) {
        RemotingCommand response = Rpc.await(instance.nameServers().invoke(
                kvRequest(RequestCode.GET_KV_CONFIG, namespace, key).build(), instance.requestTimeoutMillis()));
        if (response.code() == ResponseCode.QUERY_NOT_FOUND) {
            return Optional.empty();
        }
        if (response.header().has(KvConfigHeader.VALUE)) {
            return Optional.of(response.header().stringOf(KvConfigHeader.VALUE));
        }
        Rpc.requireSuccess(response);
        return Optional.empty();
    }

    void deleteKvConfig(String namespace, String key) {
        onEveryNameServer(kvRequest(RequestCode.DELETE_KV_CONFIG, namespace, key).build());
    }

    Map<String, SortedMap<String, String>> nameServerConfigs() {
        RemotingCommand request = RemotingCommand.request(RequestCode.GET_NAMESRV_CONFIG).build();
        Map<String, CompletableFuture<RemotingCommand>> calls = new LinkedHashMap<>();
        for (String nameServer : instance.nameServers().addresses()) {
            calls.put(nameServer, servers.callBroker(nameServer, request));
        }
        Map<String, SortedMap<String, String>> configs = new LinkedHashMap<>();
        calls.forEach((nameServer, call) -> configs.put(nameServer, properties(Rpc.await(call).body())));
        return configs;
    }

    void updateNameServerConfig(Map<String, String> changes) {
        onEveryNameServer(RemotingCommand.request(RequestCode.UPDATE_NAMESRV_CONFIG)
                .body(PropertiesBody.encode(changes)).build());
    }

    static SortedMap<String, String> properties(byte[] body) {
        try {
            return PropertiesBody.parse(body);
        } catch (InvalidBodyException e) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR,
                    "a server answered settings that are not properties text: " + e.getMessage(), e);
        }
    }

    private static RemotingCommand.Builder kvRequest(int code, String namespace, String key) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(key, "key");
        return RemotingCommand.request(code).extField(KvConfigHeader.NAMESPACE, namespace)
                .extField(KvConfigHeader.KEY, key);
    }

    private void onEveryNameServer(RemotingCommand request) {
        List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
        for (String nameServer : instance.nameServers().addresses()) {
            calls.add(servers.callBroker(nameServer, request));
        }
        ClusterCalls.awaitAll(calls);
    }
}

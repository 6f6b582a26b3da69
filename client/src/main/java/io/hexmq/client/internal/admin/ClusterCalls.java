package io.hexmq.client.internal.admin;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * How the admins reach servers: the NameServers, and a cluster's masters as the NameServer names them, each
 * call within the client's request timeout, failing with the server's code and remark.
 */
final class ClusterCalls {

    private final ClientInstance instance;

    ClusterCalls(ClientInstance instance) {
        this.instance = Objects.requireNonNull(instance, "instance");
    }

    Bodies.ClusterInfo clusterInfo() {
        return Bodies.clusterInfo(callNameServer(RemotingCommand.request(RequestCode.GET_BROKER_CLUSTER_INFO)
                .build()).body());
    }

    /** The broker group named {@code brokerName}; fails when the NameServer knows none. */
    BrokerGroup group(String brokerName) {
        Objects.requireNonNull(brokerName, "brokerName");
        Bodies.ClusterInfo info = clusterInfo();
        BrokerGroup group = info.brokers().get(brokerName);
        if (group == null || group.addresses().isEmpty()) {
            throw new HexmqClientException(HexmqClientException.NO_ROUTE, "no broker group named " + brokerName
                    + "; the NameServer knows " + info.brokers().keySet());
        }
        return group;
    }

    /** The master addresses of the cluster's broker groups; fails when the cluster is unknown. */
    List<String> masters(String cluster) {
        Objects.requireNonNull(cluster, "cluster");
        Bodies.ClusterInfo info = clusterInfo();
        List<String> brokerNames = info.clusters().get(cluster);
        if (brokerNames == null) {
            throw new HexmqClientException(HexmqClientException.NO_ROUTE, "no cluster named " + cluster
                    + "; the NameServer knows " + info.clusters().keySet());
        }
        List<String> masters = new ArrayList<>();
        for (String brokerName : brokerNames) {
            BrokerGroup group = info.brokers().get(brokerName);
            if (group != null) {
                group.masterAddress().ifPresent(masters::add);
            }
        }
        if (masters.isEmpty()) {
            throw new HexmqClientException(HexmqClientException.NO_ROUTE, "cluster " + cluster + " has no master");
        }
        return masters;
    }

    RemotingCommand callNameServer(RemotingCommand request) {
        instance.requireOpen();
        return Rpc.await(instance.nameServers().invoke(request, instance.requestTimeoutMillis())
                .thenApply(Rpc::requireSuccess));
    }

    CompletableFuture<RemotingCommand> callBroker(String address, RemotingCommand request) {
        return callBroker(address, request, instance.requestTimeoutMillis());
    }

    /** For a request the broker answers only once something slower than a request has happened. */
    CompletableFuture<RemotingCommand> callBroker(String address, RemotingCommand request, long atLeastMillis) {
        instance.requireOpen();
        return instance.rpc().invokeExpectingSuccess(address, request,
                Math.max(atLeastMillis, instance.requestTimeoutMillis()));
    }

    static List<RemotingCommand> awaitAll(List<CompletableFuture<RemotingCommand>> calls) {
        List<RemotingCommand> responses = new ArrayList<>(calls.size());
        for (CompletableFuture<RemotingCommand> call : calls) {
            responses.add(Rpc.await(call));
        }
        return responses;
    }
}

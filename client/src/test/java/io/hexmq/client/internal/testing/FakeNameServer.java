package io.hexmq.client.internal.testing;

import io.hexmq.remoting.body.JsonFlavour;
import io.hexmq.remoting.body.RouteJson;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingConnectException;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The routes fake NameServers know, answering GET_ROUTEINFO_BY_TOPIC on a {@link FakeNetwork} at every
 * address but the unreachable ones: the topic's route, or TOPIC_NOT_EXIST (17) for a topic they do not know.
 */
public final class FakeNameServer {

    /** Read and write queues, permission read-write (6). */
    private static final int READ_WRITE = 6;

    private final Map<String, RouteJson.Route> routes = new ConcurrentHashMap<>();
    private final Set<String> unreachable = ConcurrentHashMap.newKeySet();

    public FakeNameServer(FakeNetwork network) {
        network.serve(RequestCode.GET_ROUTEINFO_BY_TOPIC, (address, request) -> {
            if (unreachable.contains(address)) {
                throw new RemotingConnectException(address, null);
            }
            String topic = request.header().stringOf(TopicHeader.TOPIC);
            RouteJson.Route route = routes.get(topic);
            if (route == null) {
                return RemotingCommand.responseTo(request, ResponseCode.TOPIC_NOT_EXIST)
                        .remark("No topic route info in name server for the topic: " + topic).build();
            }
            return RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                    .body(RouteJson.write(route, JsonFlavour.STANDARD)).build();
        });
    }

    /** From now on the topic's route is {@code route}. */
    public FakeNameServer topic(String topic, RouteJson.Route route) {
        routes.put(topic, route);
        return this;
    }

    /** From now on no connection to the NameServer at {@code address} can be made. */
    public FakeNameServer unreachable(String address) {
        unreachable.add(address);
        return this;
    }

    public FakeNameServer forget(String topic) {
        routes.remove(topic);
        return this;
    }

    /** {@code queues} readable and writable queues on each of {@code brokers}. */
    public static RouteJson.Route route(int queues, RouteJson.Broker... brokers) {
        List<RouteJson.Queues> queueData = new ArrayList<>();
        for (RouteJson.Broker broker : brokers) {
            queueData.add(new RouteJson.Queues(broker.brokerName(), queues, queues, READ_WRITE, 0));
        }
        return new RouteJson.Route(Optional.empty(), queueData, List.of(brokers), Map.of());
    }

    /** A broker group of cluster {@code c} whose only member is its master (brokerId 0). */
    public static RouteJson.Broker broker(String brokerName, String masterAddress) {
        return broker(brokerName, Map.of(0L, masterAddress));
    }

    /** A broker group of cluster {@code c} with these members by broker id (0 is the master). */
    public static RouteJson.Broker broker(String brokerName, Map<Long, String> members) {
        return new RouteJson.Broker("c", brokerName, members, Optional.empty(), false);
    }
}

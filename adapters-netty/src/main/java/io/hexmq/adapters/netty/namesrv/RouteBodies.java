package io.hexmq.adapters.netty.namesrv;

import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerData;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.QueueData;
import io.hexmq.domain.route.TopicRoute;
import io.hexmq.remoting.body.JsonFlavour;
import io.hexmq.remoting.body.RouteJson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TopicRouteData (105) and ClusterInfo (106) of the NameServer's route table, in either
 * {@link JsonFlavour}: the model's values in the wire's terms, written by {@link RouteJson}.
 */
final class RouteBodies {

    private RouteBodies() {
    }

    static byte[] topicRoute(TopicRoute route, JsonFlavour flavour) {
        Map<String, List<String>> filterServers = new LinkedHashMap<>();
        for (Map.Entry<BrokerAddress, List<BrokerAddress>> entry : route.filterServerTable().entrySet()) {
            filterServers.put(entry.getKey().value(), entry.getValue().stream().map(BrokerAddress::value).toList());
        }
        List<RouteJson.Queues> queues = route.queueDatas().stream().map(RouteBodies::queues).toList();
        List<RouteJson.Broker> brokers = route.brokerDatas().stream().map(RouteBodies::broker).toList();
        return RouteJson.write(new RouteJson.Route(route.orderTopicConf(), queues, brokers, filterServers), flavour);
    }

    static byte[] clusterInfo(ClusterInfo info, JsonFlavour flavour) {
        Map<String, RouteJson.Broker> brokers = new LinkedHashMap<>();
        info.brokerAddrTable().forEach((name, broker) -> brokers.put(name.value(), broker(broker)));
        Map<String, List<String>> clusters = new LinkedHashMap<>();
        for (Map.Entry<ClusterName, Set<BrokerName>> entry : info.clusterAddrTable().entrySet()) {
            clusters.put(entry.getKey().value(), entry.getValue().stream().map(BrokerName::value).toList());
        }
        return RouteJson.write(new RouteJson.Clusters(brokers, clusters), flavour);
    }

    private static RouteJson.Queues queues(QueueData queue) {
        return new RouteJson.Queues(queue.brokerName().value(), queue.readQueueNums(), queue.writeQueueNums(),
                queue.permission().bits(), queue.topicSysFlag());
    }

    private static RouteJson.Broker broker(BrokerData broker) {
        Map<Long, String> addresses = new LinkedHashMap<>();
        for (Map.Entry<BrokerId, BrokerAddress> member : broker.brokerAddrs().entrySet()) {
            addresses.put(member.getKey().value(), member.getValue().value());
        }
        return new RouteJson.Broker(broker.cluster().value(), broker.brokerName().value(), addresses,
                broker.zoneName(), broker.enableActingMaster());
    }
}

package io.hexmq.domain.route;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where a topic lives: the answer to a client's route query.
 *
 * @param orderTopicConf    the {@code brokerName:queueNum;...} value configured for ordered topics,
 *                          present only when the NameServer serves order configs
 * @param queueDatas        one entry per broker group hosting the topic, sorted by broker name
 * @param brokerDatas       the groups named in {@code queueDatas}, sorted by broker name
 * @param filterServerTable filter servers by broker address; empty unless a broker announced some
 */
public record TopicRoute(
        Optional<String> orderTopicConf,
        List<QueueData> queueDatas,
        List<BrokerData> brokerDatas,
        Map<BrokerAddress, List<BrokerAddress>> filterServerTable) {

    public TopicRoute {
        Objects.requireNonNull(orderTopicConf, "orderTopicConf");
        queueDatas = List.copyOf(queueDatas);
        brokerDatas = List.copyOf(brokerDatas);
        TreeMap<BrokerAddress, List<BrokerAddress>> filters = new TreeMap<>();
        filterServerTable.forEach((address, servers) -> filters.put(address, List.copyOf(servers)));
        filterServerTable = Collections.unmodifiableSortedMap(filters);
    }

    public TopicRoute withOrderTopicConf(Optional<String> conf) {
        return new TopicRoute(conf, queueDatas, brokerDatas, filterServerTable);
    }
}

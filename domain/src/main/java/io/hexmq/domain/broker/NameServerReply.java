package io.hexmq.domain.broker;

import io.hexmq.domain.route.BrokerAddress;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One NameServer's answer to a registration.
 *
 * @param nameServer       the NameServer that answered ({@code host:port})
 * @param masterAddress    for a slave: the live master's address, if the NameServer knows one
 * @param haServerAddress  for a slave: the live master's HA address
 * @param orderTopicConfig the NameServer's {@code ORDER_TOPIC_CONFIG} table (topic →
 *                         {@code brokerName:queueNum;...}); empty when it sent none
 */
public record NameServerReply(
        String nameServer,
        Optional<BrokerAddress> masterAddress,
        Optional<BrokerAddress> haServerAddress,
        Optional<Map<String, String>> orderTopicConfig) {

    public NameServerReply {
        Objects.requireNonNull(nameServer, "nameServer");
        Objects.requireNonNull(masterAddress, "masterAddress");
        Objects.requireNonNull(haServerAddress, "haServerAddress");
        Objects.requireNonNull(orderTopicConfig, "orderTopicConfig");
        orderTopicConfig = orderTopicConfig.map(Map::copyOf);
    }
}

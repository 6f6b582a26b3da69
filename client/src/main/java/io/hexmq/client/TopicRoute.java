package io.hexmq.client;

import java.util.List;

/**
 * Where a topic lives, as a NameServer answers it.
 *
 * @param queues  the topic's queues per broker group
 * @param brokers the broker groups named in {@code queues}
 */
public record TopicRoute(List<BrokerQueues> queues, List<BrokerGroup> brokers) {

    public TopicRoute {
        queues = List.copyOf(queues);
        brokers = List.copyOf(brokers);
    }
}

package io.hexmq.client.internal.route;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerQueues;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a producer may write a topic: the writable queues of broker groups that have a master, in
 * broker-name order, and each group's master address.
 */
public record PublishInfo(String topic, List<MessageQueue> queues, Map<String, String> masters) {

    public PublishInfo {
        queues = List.copyOf(queues);
        masters = Map.copyOf(masters);
    }

    static PublishInfo of(String topic, TopicRoute route) {
        return of(topic, route, Integer.MAX_VALUE);
    }

    /** At most {@code maxQueuesPerBroker} queues per broker (a route borrowed from the auto-create topic). */
    static PublishInfo of(String topic, TopicRoute route, int maxQueuesPerBroker) {
        Map<String, String> masters = new HashMap<>();
        for (BrokerGroup broker : route.brokers()) {
            broker.masterAddress().ifPresent(address -> masters.put(broker.brokerName(), address));
        }
        List<BrokerQueues> sorted = new ArrayList<>(route.queues());
        sorted.sort(Comparator.comparing(BrokerQueues::brokerName));
        List<MessageQueue> queues = new ArrayList<>();
        for (BrokerQueues queue : sorted) {
            if (!queue.writable() || !masters.containsKey(queue.brokerName())) {
                continue;
            }
            int count = Math.min(queue.writeQueueNums(), maxQueuesPerBroker);
            for (int id = 0; id < count; id++) {
                queues.add(new MessageQueue(topic, queue.brokerName(), id));
            }
        }
        masters.keySet().retainAll(queues.stream().map(MessageQueue::brokerName).toList());
        return new PublishInfo(topic, queues, masters);
    }

    public boolean isEmpty() {
        return queues.isEmpty();
    }
}

package io.hexmq.client.internal.consumer;

import io.hexmq.client.BrokerQueues;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How a clustering group shares a topic's queues out, the same way RocketMQ's default
 * AllocateMessageQueueAveragely does, so that hexmq and official consumers can share one group: both
 * lists sorted, each member gets a contiguous run of queues, the first {@code queues % members}
 * members one more than the others; members beyond the queue count get none.
 *
 * <p>Only a route's readable queues on broker groups with a master are shared out: pulls and offset
 * commits go to the master.
 */
public final class QueueAllocation {

    private QueueAllocation() {
    }

    /** The queues {@code me} consumes; none when {@code me} is not among {@code clientIds}. */
    public static List<MessageQueue> averagely(Collection<MessageQueue> queues, Collection<String> clientIds, String me) {
        List<MessageQueue> sortedQueues = new ArrayList<>(queues);
        sortedQueues.sort(null);
        List<String> sortedIds = new ArrayList<>(clientIds);
        sortedIds.sort(null);
        int index = sortedIds.indexOf(me);
        if (index < 0 || sortedQueues.isEmpty()) {
            return List.of();
        }
        int queueCount = sortedQueues.size();
        int memberCount = sortedIds.size();
        int remainder = queueCount % memberCount;
        int share = queueCount <= memberCount ? 1 : queueCount / memberCount + (index < remainder ? 1 : 0);
        int start = index < remainder ? index * share : index * share + remainder;
        int count = Math.min(share, queueCount - start);
        List<MessageQueue> mine = new ArrayList<>(Math.max(count, 0));
        for (int i = 0; i < count; i++) {
            mine.add(sortedQueues.get((start + i) % queueCount));
        }
        return mine;
    }

    /** The topic's queues a consumer can read now, sorted. */
    public static List<MessageQueue> readableQueues(String topic, TopicRoute route) {
        Set<String> withMaster = new HashSet<>();
        route.brokers().forEach(broker -> broker.masterAddress()
                .ifPresent(master -> withMaster.add(broker.brokerName())));
        List<MessageQueue> queues = new ArrayList<>();
        for (BrokerQueues brokerQueues : route.queues()) {
            if (!brokerQueues.readable() || !withMaster.contains(brokerQueues.brokerName())) {
                continue;
            }
            for (int id = 0; id < brokerQueues.readQueueNums(); id++) {
                queues.add(new MessageQueue(topic, brokerQueues.brokerName(), id));
            }
        }
        queues.sort(null);
        return queues;
    }
}

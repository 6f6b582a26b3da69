package io.hexmq.client.internal;

import io.hexmq.client.MessageQueue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * How a clustering group shares a topic's queues out, the same way RocketMQ's default
 * AllocateMessageQueueAveragely does, so that hexmq and official consumers can share one group: both
 * lists sorted, each member gets a contiguous run of queues, the first {@code queues % members}
 * members one more than the others; members beyond the queue count get none.
 */
final class QueueAllocation {

    private QueueAllocation() {
    }

    /** The queues {@code me} consumes; none when {@code me} is not among {@code clientIds}. */
    static List<MessageQueue> averagely(Collection<MessageQueue> queues, Collection<String> clientIds, String me) {
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
}

package io.hexmq.client.internal.producer;

import io.hexmq.client.MessageQueue;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Round-robin over a topic's queues that skips the broker which just failed while another one is left. */
final class QueueRoundRobin {

    private QueueRoundRobin() {
    }

    /** @param avoidBroker the broker of the failed attempt, or {@code null} */
    static MessageQueue next(List<MessageQueue> queues, AtomicInteger counter, String avoidBroker) {
        int start = counter.getAndIncrement();
        if (avoidBroker != null) {
            for (int i = 0; i < queues.size(); i++) {
                MessageQueue queue = queues.get(Math.floorMod(start + i, queues.size()));
                if (!queue.brokerName().equals(avoidBroker)) {
                    counter.addAndGet(i);
                    return queue;
                }
            }
        }
        return queues.get(Math.floorMod(start, queues.size()));
    }
}

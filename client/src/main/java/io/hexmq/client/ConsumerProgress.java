package io.hexmq.client;

import java.util.List;

/**
 * A consumer group's progress over all its queues ({@link Admin#consumerProgress}).
 *
 * @param group  the consumer group
 * @param queues per queue, sorted
 */
public record ConsumerProgress(String group, List<QueueProgress> queues) {

    public ConsumerProgress {
        queues = List.copyOf(queues);
    }

    public long totalLag() {
        return queues.stream().mapToLong(QueueProgress::lag).sum();
    }
}

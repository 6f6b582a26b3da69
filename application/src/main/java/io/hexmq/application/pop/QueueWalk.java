package io.hexmq.application.pop;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The order a POP reads its queues in, and what waits in them. Every fifth walk looks at the group's POP
 * retry topic first, the others last, so redeliveries neither starve nor crowd out new messages; the
 * topic's queues are taken in turn from a different one each walk. An orderly walk skips the retry topic.
 * A walk that hands messages out holds the group's lock on the topic, so two POPs never take the same
 * message; a peek takes none. A part the POP use cases share.
 */
public final class QueueWalk {

    private final TopicTable topics;
    private final MessageStore store;
    private final ConsumerOffsets offsets;
    private final PopLedger ledger;
    private final Clock clock;
    private final Map<TopicGroup, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final AtomicLong walks = new AtomicLong();

    public QueueWalk(TopicTable topics, MessageStore store, ConsumerOffsets offsets, PopLedger ledger, Clock clock) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Reads the target's queues once.
     *
     * @param handOut whether the messages are handed out (a POP: checkpoints saved, offsets moved) or only
     *                looked at (a peek)
     */
    PopRound walk(PopTarget target, boolean handOut) {
        PopRound round = new PopRound(store, offsets, target, clock.millis());
        ReentrantLock lock = handOut ? locks.computeIfAbsent(new TopicGroup(target.topic().name(), target.group()),
                ignored -> new ReentrantLock()) : null;
        if (lock != null) {
            lock.lock();
        }
        try {
            long walk = walks.getAndIncrement();
            Optional<TopicConfig> retry = target.orderly() ? Optional.empty() : topics.find(target.retryTopic());
            boolean retryFirst = walk % 5 == 0;
            if (retryFirst) {
                retry.ifPresent(config -> readAll(round, config));
            }
            int queueNums = target.topic().readQueueNums();
            if (target.queueId() >= 0) {
                round.popFrom(target.topic().name(), target.queueId(), false, ledger.checkpoints());
            } else {
                for (int i = 0; i < queueNums; i++) {
                    round.popFrom(target.topic().name(), (int) ((walk + i) % queueNums), false, ledger.checkpoints());
                }
            }
            if (!retryFirst) {
                retry.ifPresent(config -> readAll(round, config));
            }
            if (handOut) {
                round.commit(ledger);
            }
        } finally {
            if (lock != null) {
                lock.unlock();
            }
        }
        return round;
    }

    private void readAll(PopRound round, TopicConfig topic) {
        for (int queueId = 0; queueId < topic.readQueueNums(); queueId++) {
            round.popFrom(topic.name(), queueId, true, ledger.checkpoints());
        }
    }

    /**
     * Messages waiting for the group in the queues a walk of {@code target} reads, past orderly ones blocked for
     * it (a queue held by the target's own attempt counts from the group's offset, as a walk reads it again).
     */
    long backlog(PopTarget target) {
        long backlog = 0;
        for (int queueId = 0; queueId < target.topic().readQueueNums(); queueId++) {
            if (target.queueId() < 0 || target.queueId() == queueId) {
                backlog += backlog(target, target.topic().name(), queueId);
            }
        }
        if (!target.orderly()) {
            Optional<TopicConfig> retry = topics.find(target.retryTopic());
            for (int queueId = 0; retry.isPresent() && queueId < retry.get().readQueueNums(); queueId++) {
                backlog += backlog(target, target.retryTopic(), queueId);
            }
        }
        return backlog;
    }

    private long backlog(PopTarget target, TopicName topic, int queueId) {
        if (target.orderly() && ledger.checkpoints().blocksOrderly(target.group(), topic, queueId, clock.millis(),
                target.attemptId())) {
            return 0;
        }
        long offset = offsets.find(new TopicGroup(topic, target.group()), queueId).orElse(0);
        return Math.max(0, store.maxOffset(topic.value(), queueId) - offset);
    }
}

package io.hexmq.application.pop;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One pass over a POP's queues (or a peek's; {@link QueueWalk} holds the group's topic lock for a POP):
 * reads each queue from the group's offset, gathers up to the asked number of messages with their
 * checkpoints, and records where each queue's offset goes. Nothing is visible to others until
 * {@link #commit}: the checkpoints are saved first, together with the offsets they reach, then the offsets
 * move in memory, so a crash in between neither loses a message nor hands out an acked one again.
 */
final class PopRound {

    /** Where a new group starts in a queue: RocketMQ's ConsumeInitMode. */
    static final int INIT_MODE_MIN = 0;

    private final MessageStore store;
    private final ConsumerOffsets offsets;
    private final GroupName group;
    private final long popTime;
    private final long invisibleTime;
    private final boolean orderly;
    private final int initMode;
    private final MessageFilter filter;
    private final String attemptId;
    private int remaining;
    private long rest;
    private final List<PopMessages.QueuePop> queues = new ArrayList<>();
    private final List<ByteBuffer> messages = new ArrayList<>();
    private final List<PopCheckpoint> checkpoints = new ArrayList<>();
    private final List<PopCheckpoint> replacedOrderly = new ArrayList<>();
    private final Map<TopicGroup, Map<Integer, Long>> commits = new HashMap<>();

    PopRound(MessageStore store, ConsumerOffsets offsets, PopTarget target, long popTime) {
        this.store = store;
        this.offsets = offsets;
        this.group = target.group();
        this.popTime = popTime;
        this.invisibleTime = target.invisibleTime();
        this.orderly = target.orderly();
        this.initMode = target.initMode();
        this.remaining = target.maxMessages();
        this.filter = target.filter();
        this.attemptId = target.attemptId();
    }

    /** Pops what {@code queueId} of {@code topic} holds for the group, up to what is still wanted. */
    void popFrom(TopicName topic, int queueId, boolean retry, PopCheckpoints inFlight) {
        TopicGroup key = new TopicGroup(topic, group);
        long offset = offsetOf(key, queueId, retry);
        if (remaining <= 0) {
            rest += Math.max(0, store.maxOffset(topic.value(), queueId) - offset);
            return;
        }
        if (orderly && inFlight.blocksOrderly(group, topic, queueId, popTime, attemptId)) {
            return;
        }
        ReadResult read = store.read(topic.value(), queueId, offset, remaining, filter);
        if (isMisplaced(read.status())) {
            offset = read.nextBeginOffset();
            read = store.read(topic.value(), queueId, offset, remaining, filter);
        }
        List<Long> found = new ArrayList<>(read.messages().size());
        for (ByteBuffer message : read.messages()) {
            found.add(MessageLayout.queueOffset(message, message.position()));
        }
        if (!found.isEmpty()) {
            add(topic, queueId, offset, found, read, inFlight);
        }
        if (!orderly || found.isEmpty()) {
            commits.computeIfAbsent(key, ignored -> new HashMap<>()).put(queueId, Math.max(offset, read.nextBeginOffset()));
        }
        rest += Math.max(0, read.maxOffset() - read.nextBeginOffset());
    }

    private void add(TopicName topic, int queueId, long startOffset, List<Long> found, ReadResult read,
            PopCheckpoints inFlight) {
        Map<Long, PopCheckpoint> earlier = new HashMap<>();
        if (orderly) {
            for (PopCheckpoint held : inFlight.orderlyOf(group, topic, queueId)) {
                earlier.put(held.offset(), held);
                replacedOrderly.add(held);
            }
        }
        List<Integer> attempts = new ArrayList<>(found.size());
        for (long offset : found) {
            if (orderly) {
                PopCheckpoint before = earlier.get(offset);
                int attempt = before == null ? 0 : before.attempts() + (before.ofAttempt(attemptId) ? 0 : 1);
                attempts.add(attempt);
                checkpoints.add(new PopCheckpoint(group, topic, queueId, offset, popTime, invisibleTime, true, attempt,
                        read.nextBeginOffset(), attemptId));
            } else {
                attempts.add(0);
                checkpoints.add(PopCheckpoint.unordered(group, topic, queueId, offset, popTime, invisibleTime));
            }
        }
        queues.add(new PopMessages.QueuePop(topic.value(), queueId, startOffset, found, attempts));
        messages.addAll(read.messages());
        remaining -= found.size();
    }

    /** The group's offset in the queue, or where a new group starts (and then starts from, durably). */
    private long offsetOf(TopicGroup key, int queueId, boolean retry) {
        var known = offsets.find(key, queueId);
        if (known.isPresent()) {
            return known.getAsLong();
        }
        String topic = key.topic().value();
        long min = store.minOffset(topic, queueId);
        // As RocketMQ does while a queue's first message is still held: a new group reads it from its start.
        long start = retry || initMode == INIT_MODE_MIN || min == 0 ? min : store.maxOffset(topic, queueId);
        commits.computeIfAbsent(key, ignored -> new HashMap<>()).put(queueId, start);
        return start;
    }

    /** The group's offset points where the queue has nothing (moved, or never written): start over at next. */
    private static boolean isMisplaced(ReadStatus status) {
        return status == ReadStatus.OFFSET_TOO_SMALL || status == ReadStatus.OFFSET_OVERFLOW_BADLY
                || status == ReadStatus.OFFSET_FOUND_NULL;
    }

    /** Saves the checkpoints (through the ledger), then moves the offsets. */
    void commit(PopLedger ledger) {
        if (!checkpoints.isEmpty()) {
            ledger.change(inFlight -> {
                for (PopCheckpoint replaced : replacedOrderly) {
                    inFlight.remove(replaced.group(), replaced.topic(), replaced.queueId(), replaced.offset(),
                            replaced.popTime());
                }
                inFlight.add(checkpoints);
                commits.forEach((key, byQueue) -> byQueue.forEach((queueId, offset) ->
                        inFlight.advance(new PopOffset(key.group(), key.topic(), queueId, offset))));
                return true;
            });
            ledger.counts().checkpointsWritten(checkpoints);
        }
        commits.forEach((key, byQueue) -> byQueue.forEach((queueId, offset) -> offsets.commit(key, queueId, offset)));
    }

    long popTime() {
        return popTime;
    }

    boolean found() {
        return !messages.isEmpty();
    }

    long rest() {
        return rest;
    }

    List<PopMessages.QueuePop> queues() {
        return queues;
    }

    List<ByteBuffer> messages() {
        return messages;
    }
}

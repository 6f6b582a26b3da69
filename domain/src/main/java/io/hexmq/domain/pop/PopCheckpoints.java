package io.hexmq.domain.pop;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongConsumer;

/**
 * The broker's popped, unacked messages: at most one {@link PopCheckpoint} per message and group.
 * Unordered checkpoints fall due at their deadline and are then revived (delivered again); orderly ones
 * block their queue until they are acked or pass their deadline. Beside them, how far each group's POPs
 * have come in each queue ({@link #advance}), saved with them as one {@link PopState}.
 *
 * <p>Whoever plans the revival registers {@link #whenDue}; it is told each new unordered deadline, so
 * housekeeping runs only when something falls due. Thread-safe; the calls are short (a scan of the
 * checkpoints in flight, which a consumer's invisible time and flow control keep small).
 */
public final class PopCheckpoints {

    private final List<PopCheckpoint> inFlight = new ArrayList<>();
    private final Map<QueueKey, Long> offsets = new HashMap<>();
    private LongConsumer whenDue = ignored -> { };

    private record QueueKey(GroupName group, TopicName topic, int queueId) {
    }

    public PopCheckpoints(Collection<PopCheckpoint> initial) {
        inFlight.addAll(initial);
    }

    /** Records where the group's POPs go on in a queue, to be saved with the checkpoints. */
    public synchronized void advance(PopOffset offset) {
        offsets.merge(new QueueKey(offset.group(), offset.topic(), offset.queueId()), offset.offset(), Math::max);
    }

    /** Takes in a saved state: its checkpoints (as {@link #add}) and its offsets. */
    public void restore(PopState state) {
        state.offsets().forEach(this::advance);
        add(state.checkpoints());
    }

    /**
     * Takes {@code state} as the whole of what is in flight, dropping what it does not hold: for a replica
     * that follows its group's leader, whose state the leader saved and replicated.
     */
    public void adopt(PopState state) {
        synchronized (this) {
            inFlight.clear();
            offsets.clear();
        }
        restore(state);
    }

    /** @param hook told, with a deadline in epoch ms, whenever an unordered checkpoint is added */
    public synchronized void whenDue(LongConsumer hook) {
        this.whenDue = Objects.requireNonNull(hook, "hook");
    }

    /** Adds checkpoints, replacing any earlier one of the same message and group. */
    public void add(Collection<PopCheckpoint> checkpoints) {
        long earliest = Long.MAX_VALUE;
        LongConsumer hook;
        synchronized (this) {
            for (PopCheckpoint checkpoint : checkpoints) {
                inFlight.removeIf(held -> held.isOf(checkpoint.group(), checkpoint.topic(), checkpoint.queueId(),
                        checkpoint.offset()));
                inFlight.add(checkpoint);
                if (!checkpoint.orderly()) {
                    earliest = Math.min(earliest, checkpoint.deadlineMillis());
                }
            }
            hook = whenDue;
        }
        if (earliest != Long.MAX_VALUE) {
            hook.accept(earliest);
        }
    }

    /**
     * Removes the checkpoint of that message if it is the one popped at {@code popTime}.
     *
     * @return the removed checkpoint; empty when there was none, or a later delivery's
     */
    public synchronized Optional<PopCheckpoint> remove(GroupName group, TopicName topic, int queueId, long offset,
            long popTime) {
        for (Iterator<PopCheckpoint> it = inFlight.iterator(); it.hasNext(); ) {
            PopCheckpoint held = it.next();
            if (held.isOf(group, topic, queueId, offset)) {
                if (held.popTime() != popTime) {
                    return Optional.empty();
                }
                it.remove();
                return Optional.of(held);
            }
        }
        return Optional.empty();
    }

    /** The checkpoint of that message, if one is in flight. */
    public synchronized Optional<PopCheckpoint> find(GroupName group, TopicName topic, int queueId, long offset) {
        return inFlight.stream().filter(held -> held.isOf(group, topic, queueId, offset)).findFirst();
    }

    /** The orderly checkpoints of one queue of a group, in no particular order. */
    public synchronized List<PopCheckpoint> orderlyOf(GroupName group, TopicName topic, int queueId) {
        return inFlight.stream().filter(held -> held.orderly() && held.sameQueue(group, topic, queueId)).toList();
    }

    /** Whether an orderly checkpoint still invisible at {@code nowMillis} holds that queue for the group. */
    public synchronized boolean blocksOrderly(GroupName group, TopicName topic, int queueId, long nowMillis) {
        return inFlight.stream().anyMatch(held -> held.orderly() && held.sameQueue(group, topic, queueId)
                && held.deadlineMillis() > nowMillis);
    }

    /** Removes and returns every orderly checkpoint of one queue of a group. */
    public synchronized List<PopCheckpoint> removeOrderly(GroupName group, TopicName topic, int queueId) {
        List<PopCheckpoint> removed = new ArrayList<>();
        for (Iterator<PopCheckpoint> it = inFlight.iterator(); it.hasNext(); ) {
            PopCheckpoint held = it.next();
            if (held.orderly() && held.sameQueue(group, topic, queueId)) {
                it.remove();
                removed.add(held);
            }
        }
        return removed;
    }

    /** The unordered checkpoints whose deadline is at or before {@code nowMillis}; they stay until removed. */
    public synchronized List<PopCheckpoint> dueAt(long nowMillis) {
        return inFlight.stream().filter(held -> !held.orderly() && held.deadlineMillis() <= nowMillis).toList();
    }

    /** The earliest deadline of an unordered checkpoint; empty when none is in flight. */
    public synchronized OptionalLong nextDeadline() {
        return inFlight.stream().filter(held -> !held.orderly()).mapToLong(PopCheckpoint::deadlineMillis).min();
    }

    public synchronized List<PopCheckpoint> snapshot() {
        return List.copyOf(inFlight);
    }

    /** Everything to save: the checkpoints and the offsets. */
    public synchronized PopState state() {
        List<PopOffset> reached = new ArrayList<>(offsets.size());
        offsets.forEach((key, offset) -> reached.add(new PopOffset(key.group(), key.topic(), key.queueId(), offset)));
        return new PopState(inFlight, reached);
    }

    public synchronized int size() {
        return inFlight.size();
    }
}

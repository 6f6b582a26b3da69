package io.hexmq.domain.pop;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
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
 * <p>Every change made through {@link #add}, {@link #remove}, {@link #removeOrderly} and {@link #advance} is
 * also recorded as a {@link PopChange}, for whoever saves them to take with {@link #drainChanges}; taking in
 * a saved state or another replica's changes ({@link #restore}, {@link #adopt}, {@link #apply}) records
 * nothing.
 *
 * <p>Whoever plans the revival registers {@link #whenDue}; it is told each new unordered deadline, so
 * housekeeping runs only when something falls due. Thread-safe; a message's checkpoint is found by its key,
 * the calls about a whole queue or every deadline scan the checkpoints in flight (which a consumer's
 * invisible time and flow control keep small).
 */
public final class PopCheckpoints {

    /** In the order they were last put, so a scan sees the oldest deliveries first. */
    private final Map<MessageKey, PopCheckpoint> inFlight = new LinkedHashMap<>();
    private final Map<QueueKey, Long> offsets = new HashMap<>();
    private List<PopChange> changes = new ArrayList<>();
    private LongConsumer whenDue = ignored -> { };

    private record QueueKey(GroupName group, TopicName topic, int queueId) {
    }

    private record MessageKey(GroupName group, TopicName topic, int queueId, long offset) {
        static MessageKey of(PopCheckpoint checkpoint) {
            return new MessageKey(checkpoint.group(), checkpoint.topic(), checkpoint.queueId(), checkpoint.offset());
        }
    }

    public PopCheckpoints(Collection<PopCheckpoint> initial) {
        initial.forEach(checkpoint -> inFlight.put(MessageKey.of(checkpoint), checkpoint));
    }

    /** Records where the group's POPs go on in a queue, to be saved with the checkpoints. */
    public synchronized void advance(PopOffset offset) {
        if (raise(offset)) {
            changes.add(new PopChange.Advance(offset));
        }
    }

    /** Takes in a saved state: its checkpoints (as {@link #add}) and its offsets. */
    public void restore(PopState state) {
        synchronized (this) {
            state.offsets().forEach(this::raise);
        }
        put(state.checkpoints(), false);
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

    /** Takes in changes another replica made (its group's leader), in their order. */
    public void apply(List<PopChange> applied) {
        List<PopCheckpoint> put = new ArrayList<>();
        synchronized (this) {
            for (PopChange change : applied) {
                if (change instanceof PopChange.Put added) {
                    inFlight.remove(MessageKey.of(added.checkpoint()));
                    inFlight.put(MessageKey.of(added.checkpoint()), added.checkpoint());
                    put.add(added.checkpoint());
                } else if (change instanceof PopChange.Remove removed) {
                    take(removed.group(), removed.topic(), removed.queueId(), removed.offset(), removed.popTime());
                } else {
                    raise(((PopChange.Advance) change).offset());
                }
            }
        }
        tellEarliest(put);
    }

    /**
     * The changes made since the last call, in their order, and forgets them: what a store appends.
     */
    public synchronized List<PopChange> drainChanges() {
        List<PopChange> drained = changes;
        changes = new ArrayList<>();
        return drained;
    }

    /** @param hook told, with a deadline in epoch ms, whenever an unordered checkpoint is added */
    public synchronized void whenDue(LongConsumer hook) {
        this.whenDue = Objects.requireNonNull(hook, "hook");
    }

    /** Adds checkpoints, replacing any earlier one of the same message and group. */
    public void add(Collection<PopCheckpoint> checkpoints) {
        put(checkpoints, true);
    }

    /**
     * Removes the checkpoint of that message if it is the one popped at {@code popTime}.
     *
     * @return the removed checkpoint; empty when there was none, or a later delivery's
     */
    public synchronized Optional<PopCheckpoint> remove(GroupName group, TopicName topic, int queueId, long offset,
            long popTime) {
        Optional<PopCheckpoint> removed = take(group, topic, queueId, offset, popTime);
        removed.ifPresent(held -> changes.add(PopChange.Remove.of(held)));
        return removed;
    }

    /** The checkpoint of that message, if one is in flight. */
    public synchronized Optional<PopCheckpoint> find(GroupName group, TopicName topic, int queueId, long offset) {
        return Optional.ofNullable(inFlight.get(new MessageKey(group, topic, queueId, offset)));
    }

    /** The orderly checkpoints of one queue of a group, in no particular order. */
    public synchronized List<PopCheckpoint> orderlyOf(GroupName group, TopicName topic, int queueId) {
        return inFlight.values().stream().filter(held -> held.orderly() && held.sameQueue(group, topic, queueId))
                .toList();
    }

    /**
     * Whether an orderly checkpoint still invisible at {@code nowMillis} holds that queue for the group against
     * a POP of {@code attemptId}. As in RocketMQ, a queue held by the receive of the same attempt id (a client
     * retrying a receive whose answer it lost) does not block it; a null attempt id is the same as none.
     */
    public synchronized boolean blocksOrderly(GroupName group, TopicName topic, int queueId, long nowMillis,
            String attemptId) {
        return inFlight.values().stream().anyMatch(held -> held.orderly() && held.sameQueue(group, topic, queueId)
                && held.deadlineMillis() > nowMillis && !held.ofAttempt(attemptId));
    }

    /** Removes and returns every orderly checkpoint of one queue of a group. */
    public synchronized List<PopCheckpoint> removeOrderly(GroupName group, TopicName topic, int queueId) {
        List<PopCheckpoint> removed = new ArrayList<>();
        for (Iterator<PopCheckpoint> it = inFlight.values().iterator(); it.hasNext(); ) {
            PopCheckpoint held = it.next();
            if (held.orderly() && held.sameQueue(group, topic, queueId)) {
                it.remove();
                removed.add(held);
                changes.add(PopChange.Remove.of(held));
            }
        }
        return removed;
    }

    /** The unordered checkpoints whose deadline is at or before {@code nowMillis}; they stay until removed. */
    public synchronized List<PopCheckpoint> dueAt(long nowMillis) {
        return inFlight.values().stream().filter(held -> !held.orderly() && held.deadlineMillis() <= nowMillis)
                .toList();
    }

    /** The earliest deadline of an unordered checkpoint; empty when none is in flight. */
    public synchronized OptionalLong nextDeadline() {
        return inFlight.values().stream().filter(held -> !held.orderly()).mapToLong(PopCheckpoint::deadlineMillis)
                .min();
    }

    public synchronized List<PopCheckpoint> snapshot() {
        return List.copyOf(inFlight.values());
    }

    /** Everything to save: the checkpoints and the offsets. */
    public synchronized PopState state() {
        List<PopOffset> reached = new ArrayList<>(offsets.size());
        offsets.forEach((key, offset) -> reached.add(new PopOffset(key.group(), key.topic(), key.queueId(), offset)));
        return new PopState(new ArrayList<>(inFlight.values()), reached);
    }

    public synchronized int size() {
        return inFlight.size();
    }

    private void put(Collection<PopCheckpoint> checkpoints, boolean recorded) {
        synchronized (this) {
            for (PopCheckpoint checkpoint : checkpoints) {
                MessageKey key = MessageKey.of(checkpoint);
                // removed first, so the map's order stays the order of the last deliveries
                inFlight.remove(key);
                inFlight.put(key, checkpoint);
                if (recorded) {
                    changes.add(new PopChange.Put(checkpoint));
                }
            }
        }
        tellEarliest(checkpoints);
    }

    private void tellEarliest(Collection<PopCheckpoint> added) {
        long earliest = Long.MAX_VALUE;
        for (PopCheckpoint checkpoint : added) {
            if (!checkpoint.orderly()) {
                earliest = Math.min(earliest, checkpoint.deadlineMillis());
            }
        }
        LongConsumer hook;
        synchronized (this) {
            hook = whenDue;
        }
        if (earliest != Long.MAX_VALUE) {
            hook.accept(earliest);
        }
    }

    /** Guarded by {@code this}. */
    private Optional<PopCheckpoint> take(GroupName group, TopicName topic, int queueId, long offset, long popTime) {
        MessageKey key = new MessageKey(group, topic, queueId, offset);
        PopCheckpoint held = inFlight.get(key);
        if (held == null || held.popTime() != popTime) {
            return Optional.empty();
        }
        inFlight.remove(key);
        return Optional.of(held);
    }

    /** Guarded by {@code this}; whether the offset went up. */
    private boolean raise(PopOffset offset) {
        QueueKey key = new QueueKey(offset.group(), offset.topic(), offset.queueId());
        Long before = offsets.get(key);
        if (before != null && before >= offset.offset()) {
            return false;
        }
        offsets.put(key, offset.offset());
        return true;
    }
}

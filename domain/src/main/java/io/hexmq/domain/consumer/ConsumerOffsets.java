package io.hexmq.domain.consumer;

import io.hexmq.domain.topic.TopicName;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The offsets consumer groups committed on this broker, per (topic, group, queueId). Commits arrive
 * every few seconds per queue from every clustering consumer, so they update a concurrent map in
 * place; a periodic job saves a {@link #snapshot()} (RocketMQ does so every 5 s and at shutdown), and
 * a crash loses at most the commits since the last save. Consumers then re-consume those messages,
 * which at-least-once delivery allows.
 *
 * <p>Next to the committed offsets it keeps where each group's last pull answer told it to pull next: how far
 * the group has fetched, ahead of what it committed (admins read the difference as messages in flight). Those
 * positions live in memory only, as on RocketMQ; the next pulls after a restart rebuild them.
 */
public final class ConsumerOffsets {

    private final ConcurrentHashMap<TopicGroup, ConcurrentHashMap<Integer, Long>> offsets =
            new ConcurrentHashMap<>();
    private final ConcurrentHashMap<TopicGroup, ConcurrentHashMap<Integer, Long>> pulledUpTo =
            new ConcurrentHashMap<>();

    public ConsumerOffsets(ConsumerOffsetTable initial) {
        initial.offsets().forEach((key, queues) -> offsets.put(key, new ConcurrentHashMap<>(queues)));
    }

    /** Stores {@code offset} as the group's next offset on the queue, replacing what was there. */
    public void commit(TopicGroup key, int queueId, long offset) {
        requireQueueId(queueId);
        if (offset < 0) {
            throw new InvalidConsumerDataException("offset must not be negative: " + offset);
        }
        offsets.compute(key, (ignored, queues) -> {
            ConcurrentHashMap<Integer, Long> held = queues == null ? new ConcurrentHashMap<>() : queues;
            held.put(queueId, offset);
            return held;
        });
    }

    /**
     * Drops the group's offset on the queue, so it reads as never committed: what RocketMQ's broker does
     * with a commit of -1, which some clients send for a queue they have not consumed yet. Done under the
     * (topic, group) entry's lock, as {@link #commit} is, so a concurrent commit is never lost into a
     * map this removes.
     */
    public void forget(TopicGroup key, int queueId) {
        requireQueueId(queueId);
        offsets.computeIfPresent(key, (ignored, queues) -> {
            queues.remove(queueId);
            return queues.isEmpty() ? null : queues;
        });
    }

    public OptionalLong find(TopicGroup key, int queueId) {
        Map<Integer, Long> queues = offsets.get(key);
        Long offset = queues == null ? null : queues.get(queueId);
        return offset == null ? OptionalLong.empty() : OptionalLong.of(offset);
    }

    /**
     * Gives {@code to} the committed offsets {@code from} has on its topic, replacing what {@code to} had there;
     * nothing changes when {@code from} has none.
     *
     * @return whether there was anything to copy
     */
    public boolean copy(TopicGroup from, TopicGroup to) {
        Map<Integer, Long> source = offsets.get(from);
        if (source == null || source.isEmpty()) {
            return false;
        }
        offsets.put(to, new ConcurrentHashMap<>(source));
        return true;
    }

    /** Notes that a pull answer told the group to pull the queue next at {@code nextOffset}. */
    public void recordPull(TopicGroup key, int queueId, long nextOffset) {
        pulledUpTo.computeIfAbsent(key, ignored -> new ConcurrentHashMap<>()).put(queueId, nextOffset);
    }

    /** Where the group's last pull of the queue said to go on; empty when it has not pulled it since start. */
    public OptionalLong pulledUpTo(TopicGroup key, int queueId) {
        Map<Integer, Long> queues = pulledUpTo.get(key);
        Long offset = queues == null ? null : queues.get(queueId);
        return offset == null ? OptionalLong.empty() : OptionalLong.of(offset);
    }

    /** The group's offsets on each topic it committed to: topic → queueId → offset. */
    public Map<TopicName, Map<Integer, Long>> offsetsOf(GroupName group) {
        Map<TopicName, Map<Integer, Long>> result = new TreeMap<>();
        offsets.forEach((key, queues) -> {
            if (key.group().equals(group) && !queues.isEmpty()) {
                result.put(key.topic(), Map.copyOf(queues));
            }
        });
        return result;
    }

    /** The groups that committed an offset on some queue of {@code topic}. */
    public SortedSet<GroupName> groupsOn(TopicName topic) {
        SortedSet<GroupName> groups = new TreeSet<>();
        offsets.forEach((key, queues) -> {
            if (key.topic().equals(topic) && !queues.isEmpty()) {
                groups.add(key.group());
            }
        });
        return groups;
    }

    /** @return true if the group had offsets */
    public boolean removeGroup(GroupName group) {
        pulledUpTo.keySet().removeIf(key -> key.group().equals(group));
        return offsets.keySet().removeIf(key -> key.group().equals(group));
    }

    /** @return true if any group had offsets on the topic */
    public boolean removeTopic(TopicName topic) {
        pulledUpTo.keySet().removeIf(key -> key.topic().equals(topic));
        return offsets.keySet().removeIf(key -> key.topic().equals(topic));
    }

    /**
     * Replaces every offset with those of {@code table}: for a replica that follows its group's leader,
     * whose saved table the leader replicated. Each (topic, group) is replaced on its own, so a reader sees
     * either the old or the new offsets of a queue.
     */
    public void adopt(ConsumerOffsetTable table) {
        offsets.keySet().removeIf(key -> !table.offsets().containsKey(key));
        table.offsets().forEach((key, queues) -> offsets.put(key, new ConcurrentHashMap<>(queues)));
    }

    /** A consistent-per-queue copy of all offsets, for saving. */
    public ConsumerOffsetTable snapshot() {
        Map<TopicGroup, Map<Integer, Long>> copy = new TreeMap<>();
        offsets.forEach((key, queues) -> copy.put(key, Map.copyOf(queues)));
        return new ConsumerOffsetTable(copy);
    }

    static int requireQueueId(Integer queueId) {
        if (queueId == null || queueId < 0) {
            throw new InvalidConsumerDataException("queue id must not be negative: " + queueId);
        }
        return queueId;
    }
}

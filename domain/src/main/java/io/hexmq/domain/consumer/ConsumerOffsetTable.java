package io.hexmq.domain.consumer;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The committed offsets of every group on every topic at one moment: (topic, group) → queueId →
 * next offset to consume. Immutable and sorted, so that equal tables encode to equal files.
 */
public record ConsumerOffsetTable(Map<TopicGroup, Map<Integer, Long>> offsets) {

    public static final ConsumerOffsetTable EMPTY = new ConsumerOffsetTable(Map.of());

    public ConsumerOffsetTable {
        TreeMap<TopicGroup, Map<Integer, Long>> copy = new TreeMap<>();
        offsets.forEach((key, queues) -> {
            Objects.requireNonNull(key, "key");
            SortedMap<Integer, Long> checked = new TreeMap<>();
            queues.forEach((queueId, offset) -> {
                ConsumerOffsets.requireQueueId(queueId);
                checked.put(queueId, Objects.requireNonNull(offset, "offset"));
            });
            if (!checked.isEmpty()) {
                copy.put(key, Collections.unmodifiableSortedMap(checked));
            }
        });
        offsets = Collections.unmodifiableSortedMap(copy);
    }

    public OptionalLong find(TopicGroup key, int queueId) {
        Long offset = offsets.getOrDefault(key, Map.of()).get(queueId);
        return offset == null ? OptionalLong.empty() : OptionalLong.of(offset);
    }
}

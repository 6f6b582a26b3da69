package io.hexmq.domain.message;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How far the delay scheduler has delivered each level: delay level (from 1) → the next logical
 * offset of that level's schedule-topic queue to look at. Everything below it was delivered. A level
 * that is absent starts at 0. Immutable and sorted, so equal progress encodes to equal files.
 *
 * @param offsetTable level → next offset, as RocketMQ's {@code delayOffset.json} names it
 */
public record DelayProgress(Map<Integer, Long> offsetTable) {

    public static final DelayProgress NONE = new DelayProgress(Map.of());

    public DelayProgress {
        SortedMap<Integer, Long> copy = new TreeMap<>();
        offsetTable.forEach((level, offset) -> {
            Objects.requireNonNull(level, "level");
            Objects.requireNonNull(offset, "offset");
            if (level <= 0) {
                throw new IllegalArgumentException("a delay level is positive: " + level);
            }
            if (offset < 0) {
                throw new IllegalArgumentException("offset of level " + level + " is negative: " + offset);
            }
            copy.put(level, offset);
        });
        offsetTable = Collections.unmodifiableSortedMap(copy);
    }

    /** The next offset to look at for {@code level}; 0 when nothing was delivered yet. */
    public long offsetOf(int level) {
        return offsetTable.getOrDefault(level, 0L);
    }

    /** This progress with {@code level} at {@code offset}. */
    public DelayProgress with(int level, long offset) {
        if (offsetOf(level) == offset && offsetTable.containsKey(level)) {
            return this;
        }
        Map<Integer, Long> next = new TreeMap<>(offsetTable);
        next.put(level, offset);
        return new DelayProgress(next);
    }
}

package io.hexmq.application.broker;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * Running counts by key for the figures a scrape reads: an increment is a hash lookup and a {@link LongAdder}
 * add, without a lock; memory is one adder per key ever counted. In memory only.
 */
public final class CountsByKey<K> {

    private final ConcurrentMap<K, LongAdder> counts = new ConcurrentHashMap<>();

    public void increment(K key) {
        counts.computeIfAbsent(key, ignored -> new LongAdder()).increment();
    }

    /** Lowers {@code key}'s count, if it has one. */
    public void decrement(K key) {
        LongAdder count = counts.get(key);
        if (count != null) {
            count.decrement();
        }
    }

    public void clear() {
        counts.clear();
    }

    /** Each key with its count as it stands. */
    public void forEach(BiConsumer<K, Long> reader) {
        Objects.requireNonNull(reader, "reader");
        counts.forEach((key, count) -> reader.accept(key, count.sum()));
    }
}

package io.hexmq.application.transaction;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The half messages ahead of the check-back's progress that op records mark done, each with the offset
 * of the op record that marked it. The check-back saves, as the op queue's restart point, the oldest op
 * record still marking a half message ahead; with a backlog of resolved transactions that question comes
 * on every step, so the op offsets are kept counted in order and the answer costs O(log n), not a walk
 * over the whole backlog.
 *
 * <p>Not thread-safe: owned by {@link CheckPendingTransactions}, whose steps never overlap.
 */
final class ResolvedHalves {

    /** Half offset → the op record's offset. */
    private final NavigableMap<Long, Long> byHalf = new TreeMap<>();
    /** Op record offset → how many of {@link #byHalf}'s entries it marks. */
    private final NavigableMap<Long, Integer> opRecordUses = new TreeMap<>();

    /** Marks {@code halfOffset} done by the op record at {@code opOffset}; the first op record to mark it wins. */
    void mark(long halfOffset, long opOffset) {
        if (byHalf.putIfAbsent(halfOffset, opOffset) == null) {
            opRecordUses.merge(opOffset, 1, Integer::sum);
        }
    }

    boolean isResolved(long halfOffset) {
        return byHalf.containsKey(halfOffset);
    }

    /** Forgets {@code halfOffset}, which the walk has passed for good. */
    void forget(long halfOffset) {
        Long opOffset = byHalf.remove(halfOffset);
        if (opOffset != null) {
            release(opOffset);
        }
    }

    /** Forgets every half message below {@code halfOffset}. */
    void forgetBelow(long halfOffset) {
        Map<Long, Long> passed = byHalf.headMap(halfOffset, false);
        for (long opOffset : passed.values()) {
            release(opOffset);
        }
        passed.clear();
    }

    /** The oldest op record still marking a half message here, or {@code otherwise} when none does. */
    long oldestOpOffset(long otherwise) {
        return opRecordUses.isEmpty() ? otherwise : opRecordUses.firstKey();
    }

    private void release(long opOffset) {
        opRecordUses.computeIfPresent(opOffset, (offset, uses) -> uses == 1 ? null : uses - 1);
    }
}

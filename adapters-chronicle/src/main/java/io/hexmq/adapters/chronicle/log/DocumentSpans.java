package io.hexmq.adapters.chronicle.log;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Where physical offsets lie: per Chronicle cycle that holds documents, the first document's index and
 * physical offset and the last document's index. Physical offsets grow with document indexes, and
 * within a cycle Chronicle numbers documents densely, so a physical offset is found by a floor lookup
 * here and a binary search over the cycle's documents. One entry per cycle, so this stays tiny.
 * Changed by the writer only (append lock), read by anyone.
 */
public final class DocumentSpans {

    /** The documents of one cycle. */
    public static final class Span {
        public final int cycle;
        public final long firstDocument;
        public final long firstPhysical;
        private volatile long lastDocument;

        Span(int cycle, long firstDocument, long firstPhysical) {
            this.cycle = cycle;
            this.firstDocument = firstDocument;
            this.firstPhysical = firstPhysical;
            this.lastDocument = firstDocument;
        }

        public long lastDocument() {
            return lastDocument;
        }
    }

    private final ConcurrentSkipListMap<Long, Span> byFirstPhysical = new ConcurrentSkipListMap<>();
    private Span newest;

    /** Writer only: a document was written (or found by the recovery scan). */
    public void written(int cycle, long documentIndex, long physicalOffset) {
        if (newest == null || newest.cycle != cycle) {
            newest = new Span(cycle, documentIndex, physicalOffset);
            byFirstPhysical.put(physicalOffset, newest);
        } else {
            newest.lastDocument = documentIndex;
        }
    }

    /** At start, oldest first: a cycle's documents as a checkpoint saved them; the next {@link #written} extends the newest. */
    public void restore(int cycle, long firstDocument, long firstPhysical, long lastDocument) {
        newest = new Span(cycle, firstDocument, firstPhysical);
        newest.lastDocument = lastDocument;
        byFirstPhysical.put(firstPhysical, newest);
    }

    /** The span whose documents may hold {@code physicalOffset}; null below the oldest. */
    public Span find(long physicalOffset) {
        Map.Entry<Long, Span> entry = byFirstPhysical.floorEntry(physicalOffset);
        return entry == null ? null : entry.getValue();
    }

    /** Oldest first. */
    public List<Span> all() {
        return new ArrayList<>(byFirstPhysical.values());
    }

    public Span newest() {
        Map.Entry<Long, Span> entry = byFirstPhysical.lastEntry();
        return entry == null ? null : entry.getValue();
    }

    public Span oldest() {
        Map.Entry<Long, Span> entry = byFirstPhysical.firstEntry();
        return entry == null ? null : entry.getValue();
    }

    /** At start, before any append: forgets every span (a checkpoint's that turned out unusable). */
    public void clear() {
        byFirstPhysical.clear();
        newest = null;
    }

    /** Writer only: retention deleted the span's cycle. */
    public void remove(Span span) {
        byFirstPhysical.remove(span.firstPhysical, span);
        if (span == newest) {
            newest = null;
        }
    }
}

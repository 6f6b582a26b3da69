package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.consumequeue.QueueIndex;
import io.hexmq.adapters.chronicle.log.ChronicleLog;
import io.hexmq.adapters.chronicle.log.DocumentSpans;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.storage.QueueOffsets;
import io.hexmq.storage.QueueScan;
import java.nio.ByteBuffer;

/**
 * The Chronicle store's reads, without a lock: a topic-queue's records from an offset through its
 * {@link QueueIndex} (tag codes filtered before a record is read), and a record by physical offset,
 * found through {@link DocumentSpans} (the cycle) and a binary search over the cycle's documents,
 * reading their first record's PHYSICALOFFSET.
 */
final class LogReader {

    /** Consume-queue entries one read looks at, at most (as the file store). */
    private static final int MAX_SCANNED_ENTRIES = 800;

    private final StoreState state;
    private final int byteBudget;

    LogReader(StoreState state, int maxTransferBytesOnMessageInMemory) {
        this.state = state;
        this.byteBudget = maxTransferBytesOnMessageInMemory;
    }

    ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
        QueueIndex queue = state.queues().find(topic, queueId);
        if (queue == null) {
            return QueueOffsets.noSuchQueue();
        }
        long max = queue.maxOffset();
        long min = queue.minOffset();
        ReadResult outOfRange = QueueOffsets.outOfRange(offset, min, max);
        if (outOfRange != null) {
            return outOfRange;
        }
        int available = (int) Math.min(max - offset, MAX_SCANNED_ENTRIES);
        QueueScan scan = new QueueScan(offset, available, maxMessages, byteBudget, filter);
        ChronicleLog log = state.log();
        while (scan.hasNext()) {
            long entry = offset + scan.scanned();
            long documentIndex = queue.documentIndex(entry);
            if (documentIndex == QueueIndex.GONE) {
                scan.skipRemoved();
            } else if (scan.matchesTagsCode(queue.tagsCode(entry))) {
                // a document's records differ in size, so the budget is checked on the record read
                ByteBuffer record = log.record(documentIndex, queue.position(entry));
                if (record == null) {
                    scan.skipRemoved();
                } else if (!scan.exceedsBudget(record.remaining())) {
                    scan.offer(record);
                }
            }
        }
        return scan.result(min, max);
    }

    /** The record at {@code physicalOffset}, or null when the log does not hold one there (any more). */
    ByteBuffer lookup(long physicalOffset) {
        if (!state.running() || physicalOffset < state.minPhysical() || physicalOffset >= state.nextPhysical()) {
            return null;
        }
        DocumentSpans.Span span = state.spans().find(physicalOffset);
        if (span == null) {
            return null;
        }
        ChronicleLog log = state.log();
        long low = span.firstDocument;
        long high = span.lastDocument();
        while (low < high) {
            long middle = (low + high + 1) >>> 1;
            long physical = log.firstPhysicalOffset(middle);
            if (physical < 0) {
                return null;
            }
            if (physical <= physicalOffset) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return log.recordAt(low, physicalOffset);
    }
}

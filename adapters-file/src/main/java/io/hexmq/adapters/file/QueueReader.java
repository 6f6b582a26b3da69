package io.hexmq.adapters.file;

import io.hexmq.adapters.file.consumequeue.ConsumeQueue;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueEntryLayout;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import io.hexmq.storage.QueueOffsets;
import io.hexmq.storage.QueueScan;
import java.nio.ByteBuffer;

/**
 * The file store's reads of a topic-queue: its consume-queue entries from the offset, each filtered by
 * tag code and then resolved to a read-only view of its commit-log record (no copy), as {@link QueueScan}
 * keeps the count and the byte budget. Lock-free: entries and records are immutable once dispatched.
 */
final class QueueReader {

    /** Consume-queue entries one read looks at, at most (RocketMQ scans 16,000 bytes of entries). */
    private static final int MAX_SCANNED_ENTRIES = 800;

    private final StoreFiles files;
    private final int byteBudget;

    QueueReader(StoreFiles files, int maxTransferBytesOnMessageInMemory) {
        this.files = files;
        this.byteBudget = maxTransferBytesOnMessageInMemory;
    }

    ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
        ConsumeQueue queue = files.queues().find(topic, queueId);
        if (queue == null) {
            return QueueOffsets.noSuchQueue();
        }
        long min = queue.minOffset();
        long max = queue.maxOffset();
        ReadResult outOfRange = QueueOffsets.outOfRange(offset, min, max);
        if (outOfRange != null) {
            return outOfRange;
        }
        ByteBuffer entries = queue.entriesFrom(offset);
        if (entries == null) {
            return ReadResult.empty(ReadStatus.OFFSET_FOUND_NULL, queue.nextSegmentOffset(offset), min, max);
        }
        int available = Math.min(entries.remaining() / ConsumeQueueEntryLayout.ENTRY_LENGTH, MAX_SCANNED_ENTRIES);
        QueueScan scan = new QueueScan(offset, available, maxMessages, byteBudget, filter);
        long commitLogMin = files.commitLog().minOffset();
        while (scan.hasNext()) {
            int at = scan.scanned() * ConsumeQueueEntryLayout.ENTRY_LENGTH;
            long commitLogOffset = ConsumeQueueEntryLayout.commitLogOffset(entries, at);
            int size = ConsumeQueueEntryLayout.size(entries, at);
            if (commitLogOffset < commitLogMin) {
                scan.skipRemoved();
            } else if (scan.matchesTagsCode(ConsumeQueueEntryLayout.tagsCode(entries, at))
                && !scan.exceedsBudget(size)) {
                ByteBuffer record = files.commitLog().record(commitLogOffset, size);
                if (record == null) {
                    scan.skipRemoved();
                } else {
                    scan.offer(record);
                }
            }
        }
        return scan.result(min, max);
    }
}

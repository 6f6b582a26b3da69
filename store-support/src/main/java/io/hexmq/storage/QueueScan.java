package io.hexmq.storage;

import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The bookkeeping of one read that scans a topic-queue's entries from an offset inside {@code [min, max)}
 * (see {@link QueueOffsets#outOfRange}): how many entries it looked at, what it kept, the byte budget,
 * whether it met removed messages, and so the status and next offset of protocol.md §2.3.9. The store
 * drives it entry by entry, in queue order:
 *
 * <pre>{@code
 * while (scan.hasNext()) {
 *     if (entry is gone)                        { scan.skipRemoved(); continue; }
 *     if (!scan.matchesTagsCode(entry's tags))  { continue; }   // counted as scanned
 *     if (scan.exceedsBudget(entry's size))     { break; }      // not scanned: the next read starts there
 *     scan.offer(entry's record)                                // or skipRemoved() when it is missing
 * }
 * return scan.result(min, max);
 * }</pre>
 *
 * At least one message is always returned when one matches, however large; at most {@code maxMessages}.
 */
public final class QueueScan {

    private final long offset;
    private final int available;
    private final int wanted;
    private final int byteBudget;
    private final MessageFilter filter;
    private final List<ByteBuffer> found;
    private int scanned;
    private int bytes;
    private boolean removed;
    private boolean done;

    /**
     * @param offset the first entry to look at
     * @param available how many entries from {@code offset} the read may look at
     * @param maxMessages how many records to return at most (at least one)
     * @param byteBudget how many record bytes to return at most, unless the first record alone exceeds it
     */
    public QueueScan(long offset, int available, int maxMessages, int byteBudget, MessageFilter filter) {
        this.offset = offset;
        this.available = available;
        this.wanted = Math.max(1, maxMessages);
        this.byteBudget = byteBudget;
        this.filter = filter;
        this.found = new ArrayList<>(Math.min(wanted, available));
    }

    /** Whether another entry should be looked at. */
    public boolean hasNext() {
        return !done && scanned < available;
    }

    /** How many entries were looked at so far: the next one is at {@code offset + scanned()}. */
    public int scanned() {
        return scanned;
    }

    /** The next entry points at a message that is gone: count it and move on. */
    public void skipRemoved() {
        removed = true;
        scanned++;
    }

    /** Whether the next entry's tag code passes the filter; when not, it is counted and skipped. */
    public boolean matchesTagsCode(long tagsCode) {
        if (filter.matchesTagsCode(tagsCode)) {
            return true;
        }
        scanned++;
        return false;
    }

    /** Whether a record of {@code size} bytes would overrun the budget; if so the scan ends before it. */
    public boolean exceedsBudget(int size) {
        if (!found.isEmpty() && bytes + size > byteBudget) {
            done = true;
            return true;
        }
        return false;
    }

    /** The next entry's record: counted, and kept when the filter's stored-message check passes. */
    public void offer(ByteBuffer record) {
        scanned++;
        if (!filter.matchesStored(record.duplicate())) {
            return;
        }
        found.add(record);
        bytes += record.remaining();
        if (found.size() >= wanted) {
            done = true;
        }
    }

    /** FOUND with the kept records, else MESSAGE_WAS_REMOVING or NO_MATCHED_MESSAGE; the reader continues after the scanned entries. */
    public ReadResult result(long min, long max) {
        ReadStatus status = !found.isEmpty() ? ReadStatus.FOUND
            : removed ? ReadStatus.MESSAGE_WAS_REMOVING : ReadStatus.NO_MATCHED_MESSAGE;
        return new ReadResult(status, offset + scanned, min, max, found);
    }
}

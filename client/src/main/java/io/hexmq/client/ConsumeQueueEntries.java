package io.hexmq.client;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A stretch of one queue's consume queue as the broker holds it ({@link Admin#queryConsumeQueue}): where each
 * message lies in the commit log. What {@code mqadmin queryCq} prints.
 *
 * @param minIndex   the queue's first logical offset
 * @param maxIndex   the logical offset the next message gets
 * @param entries    the entries asked for, from the index asked for
 * @param filterData what the broker says of the named group's filter: its SQL92 filter as JSON, {@code null}
 *                   (the text) for a tag subscription, a sentence when the group is not online; empty when no
 *                   group was named
 */
public record ConsumeQueueEntries(long minIndex, long maxIndex, List<Entry> entries, Optional<String> filterData) {

    public ConsumeQueueEntries {
        entries = List.copyOf(entries);
        Objects.requireNonNull(filterData, "filterData");
    }

    /**
     * One message's place in the commit log.
     *
     * @param commitLogOffset where the stored message starts
     * @param size            its stored size in bytes
     * @param tagsCode        the hash of its tag (or, for a delayed message, when it is due)
     */
    public record Entry(long commitLogOffset, int size, long tagsCode) {
    }
}

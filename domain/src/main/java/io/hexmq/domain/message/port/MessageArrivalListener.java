package io.hexmq.domain.message.port;

import java.nio.ByteBuffer;

/**
 * Told by the store when a message became readable in a topic-queue, so a parked (long-polling) pull
 * can be answered at once. Called on the store's dispatching thread after the consume-queue entry is
 * visible and after the store released its locks, so that no other append waits for a listener (which
 * may take a monitor of its own and evaluate SQL92); implementations must still be quick and must not
 * block or call back into an append.
 *
 * <p>The store calls the five-argument {@link #arrived(String, int, long, long, ByteBuffer)}, which also
 * lends the stored record, so a listener that selects by message properties (a parked SQL92 pull) can
 * decide on the spot instead of re-reading the queue. Its default drops the record and calls the
 * four-argument method, which is all a listener that only needs the position and the tag code
 * implements.
 */
@FunctionalInterface
public interface MessageArrivalListener {

    /**
     * @param topic the topic
     * @param queueId the queue
     * @param queueOffset the new message's logical offset (the queue's max offset is now one more)
     * @param tagsCode the message's tag code, for matching parked tag filters
     */
    void arrived(String topic, int queueId, long queueOffset, long tagsCode);

    /**
     * The same arrival, with the stored record.
     *
     * <p><b>Promise.</b> {@code record} is the message as stored ({@code MessageLayout}), a read-only view
     * whose position is the record's first byte and whose limit is its end; every listener of the same
     * arrival sees the same bytes.
     *
     * <p><b>Cost.</b> Nothing per message: the view is the store's own, re-pointed at each record (no
     * copy, no decoding, no allocation); properties are read only by a listener that looks at them.
     * The view is lent for the call only: the store re-points it at the next record, so a listener reads
     * it with absolute gets, leaves its position and limit alone and never keeps it.
     *
     * @param record the stored record, valid during this call only
     */
    default void arrived(String topic, int queueId, long queueOffset, long tagsCode, ByteBuffer record) {
        arrived(topic, queueId, queueOffset, tagsCode);
    }
}

package io.hexmq.domain.message.port;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The broker's message storage: one append-only log of every message (the commit log) plus, per
 * topic-queue, an index of logical offsets into it (the consume queue).
 *
 * <h2>Promises</h2>
 * <ul>
 *   <li>Within a topic-queue, logical offsets are assigned densely (0, 1, 2, ...) in append order and
 *       never reused while the store keeps that message. An appended message is readable by the time
 *       {@link #append} returns.</li>
 *   <li>Reads return records in their stored binary encoding ({@code MessageLayout}), as read-only
 *       views, so the pull path forwards bytes without re-encoding them.</li>
 *   <li>Durability depends on the flush policy of the implementation: under synchronous flush an
 *       append that returned {@link io.hexmq.domain.message.AppendStatus#PUT_OK} survives a crash of the machine; under
 *       asynchronous flush it survives a crash of the process, and the last flush interval may be lost
 *       when the machine fails.</li>
 *   <li>After a crash, {@link #start} restores a consistent state: a torn or corrupt tail of the log
 *       is cut off and the consume queues never point past the end of the log.</li>
 * </ul>
 *
 * <h2>Cost</h2>
 * Appends are serialised by a single writer; implementations encode before taking their lock and
 * allocate nothing per message that they can avoid. Reads cost one consume-queue scan plus one view
 * per returned record. All methods are thread-safe.
 *
 * <h2>Errors</h2>
 * Expected outcomes are values ({@link AppendResult}, {@link ReadResult}); an I/O failure the store
 * cannot recover from is a {@link io.hexmq.domain.message.StorageException}.
 */
public interface MessageStore {

    /**
     * Recovers the files (fast after a clean shutdown, by scanning and verifying the tail after a
     * crash) and starts background work. Must be called once before any other method.
     */
    void start();

    /** Flushes everything, records a clean-shutdown checkpoint and stops background work. Idempotent. */
    void shutdown();

    /** Appends one message; the store assigns queue offset, commit-log offset and store timestamp. */
    AppendResult append(Message message);

    /**
     * Appends messages of one topic-queue as one contiguous unit with consecutive queue offsets:
     * all are stored or none.
     */
    AppendResult appendBatch(List<Message> messages);

    /**
     * Reads up to {@code maxMessages} matching messages of a topic-queue from logical offset
     * {@code offset}. Scanning may stop early at a byte budget of the implementation.
     */
    ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter);

    /** Smallest readable logical offset of the queue; 0 for an unknown queue. */
    long minOffset(String topic, int queueId);

    /** The next logical offset to be written (= entries ever written); 0 for an unknown queue. */
    long maxOffset(String topic, int queueId);

    /**
     * The smallest logical offset whose store timestamp is at or after {@code timestampMillis};
     * {@link #maxOffset} when every message is older, {@link #minOffset} when every message is newer.
     */
    long offsetByTime(String topic, int queueId, long timestampMillis);

    /** Store timestamp of the oldest readable message of the queue, empty when the queue is empty. */
    OptionalLong earliestStoreTime(String topic, int queueId);

    /**
     * The record at a commit-log offset (as found in an offset message id), as a read-only view with
     * position 0; empty when there is no record there (deleted, never written, or not a record start).
     */
    Optional<ByteBuffer> lookup(long commitLogOffset);

    /**
     * The messages of {@code topic} whose UNIQ_KEY is {@code key} or whose space-separated KEYS contain
     * it, stored between {@code beginTimestamp} and {@code endTimestamp} (inclusive, store time), newest
     * first, at most {@code maxNum} (QUERY_MESSAGE, the admin's {@code queryMsgByKey}).
     *
     * <p><b>Promise.</b> Every returned record really matches (candidates found by a hash of
     * {@code topic#key}, see {@link io.hexmq.domain.message.IndexKeys}, are confirmed against the record);
     * a message is findable as soon as it is readable, and stays findable while its record is retained
     * and the implementation's index bound (if any) has not dropped it. Rolled-back transaction records
     * are never found.
     *
     * <p><b>Cost.</b> One hash lookup, a walk over the index entries sharing the key's hash (newest
     * first) and one record read per candidate; the index costs each append one entry per key.
     *
     * <p><b>Crash.</b> The index is rebuilt or trimmed at {@link #start} together with the consume queues,
     * so after any crash it covers exactly the recovered log: an entry never points past its end.
     */
    QueryResult queryByKey(String topic, String key, int maxNum, long beginTimestamp, long endTimestamp);

    /**
     * Forgets every message of {@code topic} (DELETE_TOPIC_IN_BROKER): its queues, their offsets and its
     * key-index entries.
     *
     * <p><b>Promise.</b> When this returns, every queue of the topic reads as unknown (min and max offset
     * 0, reads find nothing), {@link #queryByKey} finds none of its earlier messages, and a later append
     * to the topic starts again at queue offset 0. Other topics are untouched. The deletion is durable:
     * no restart or crash recovery brings the earlier messages back. Appends to the topic that race with
     * the call land on one side of it or the other. The records themselves stay in the commit log until
     * retention removes them, so {@link #lookup} by commit-log offset may still find them.
     *
     * <p><b>Cost.</b> Deletes the topic's index files and persists one small deletion marker (a forced
     * write); implementations may hold the dispatch or append lock meanwhile. Proportional to the
     * topic's queues, not its messages.
     *
     * <p><b>Crash.</b> The marker says the topic was deleted at a commit-log position; recovery skips
     * the topic's records before that position, so a crash at any point of the deletion leaves the topic
     * either deleted or (if the marker never reached the disk) as it was.
     */
    void deleteTopic(String topic);

    /** Forces everything appended so far to disk. */
    void flush();

    /** Registers a listener told of every message that becomes readable; typically the long-poll service. */
    void registerArrivalListener(MessageArrivalListener listener);
}

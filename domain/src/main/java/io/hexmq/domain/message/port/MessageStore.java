package io.hexmq.domain.message.port;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoreStamp;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

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

    /**
     * Appends one message; the store assigns queue offset, commit-log offset and store timestamp (its clock,
     * read under the append lock, so store times never go backwards along the log) and writes its own
     * address as store host. Returns once the message is readable and, under synchronous flush, on disk.
     */
    AppendResult append(Message message);

    /**
     * Appends messages of one topic-queue as one contiguous unit with consecutive queue offsets:
     * all are stored or none.
     */
    AppendResult appendBatch(List<Message> messages);

    /**
     * Appends one message, as {@link #append}, and tells the outcome through the returned stage.
     *
     * <p><b>Promise.</b> The stage completes with the value {@link #append} returns, once that value is true
     * under the store's flush policy: the message is stored and readable, and under synchronous flush on disk
     * (or the value says FLUSH_DISK_TIMEOUT); a store that replicates completes it once the replicas the
     * policy names hold the message. Refusals are {@link AppendResult} values here too.
     *
     * <p><b>Cost.</b> The default, right for a local store, appends on the calling thread exactly as
     * {@link #append} does (under synchronous flush its group commit included) and returns a stage that is
     * already complete: one object more than {@link #append}. A store that waits for others (replicas, or its
     * own disk under synchronous flush) overrides it to return at once and complete the stage later from a
     * thread of its own, so the caller holds no thread while it waits; continuations attached to the stage
     * may run on that thread and must not block.
     *
     * <p><b>Crash.</b> As {@link #append} once the stage has completed; before, the message may or may not
     * have been stored.
     *
     * <p><b>Errors.</b> A failure the store cannot recover from is a {@link io.hexmq.domain.message.StorageException},
     * thrown by this call or completing the stage exceptionally; callers answer both alike.
     */
    default CompletionStage<AppendResult> appendAsync(Message message) {
        return CompletableFuture.completedFuture(append(message));
    }

    /** {@link #appendBatch}, with the outcome told through the stage as {@link #appendAsync} tells it. */
    default CompletionStage<AppendResult> appendBatchAsync(List<Message> messages) {
        return CompletableFuture.completedFuture(appendBatch(messages));
    }

    /**
     * Appends one message "as given": with {@code stamp}'s store timestamp and store host instead of the
     * store's clock and own address. For the replication of a broker group, whose every replica applies the
     * leader's decisions; {@link #append} is exactly this with the clock's time and the store's own host.
     *
     * <p><b>Promise.</b> The record holds exactly the given timestamp and host, and the offset message ids
     * name the given host. Everything else of the record (queue offset, commit-log offset, system flag bits,
     * CRC, where a segment ends) the store derives from its own contents and the message alone, so two
     * stores of one kind and the same settings, given the same sequence of stamped appends and topic
     * deletions from empty, hold byte-identical records at the same commit-log offsets, with the same queue
     * offsets and msgIds. The store does not reorder time: a timestamp older than the log's last record is
     * written as given (time lookups such as {@link #offsetByTime} assume times do not go backwards within a
     * queue, so the caller should keep them so).
     *
     * <p><b>Cost and crash.</b> As {@link #append}.
     */
    AppendResult append(Message message, StoreStamp stamp);

    /** {@link #appendBatch} "as given", every record of the batch with {@code stamp}; see {@link #append(Message, StoreStamp)}. */
    AppendResult appendBatch(List<Message> messages, StoreStamp stamp);

    /**
     * The commit-log offset just past the last stored record: every record appended so far lies below it,
     * and the next append is stored at or after it. After {@link #start} it is where recovery ended the log,
     * so a caller that recorded it after an append learns whether that append survived a crash (replication
     * replays after a kill -9 only what the store no longer holds). 0 for an empty store; moved by appends
     * only (not by a topic deletion, a refused append or retention).
     *
     * <p><b>Cost.</b> A volatile read.
     */
    long commitLogMaxOffset();

    /**
     * Reads up to {@code maxMessages} matching messages of a topic-queue from logical offset
     * {@code offset}. Scanning may stop early at a byte budget of the implementation.
     */
    ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter);

    /** Store timestamp of the message at {@code offset} of the queue, 0 when the store no longer (or never) had it. */
    default long storeTimeAt(String topic, int queueId, long offset) {
        ReadResult read = read(topic, queueId, offset, 1, MessageFilter.ALL);
        if (read.messages().isEmpty()) {
            return 0;
        }
        ByteBuffer message = read.messages().get(0);
        return MessageLayout.storeTimestamp(message, message.position());
    }

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
     * The messages of {@code topic} that {@code key} finds in the index of {@code type}: whose
     * space-separated KEYS contain it ({@link IndexType#KEYS}), whose UNIQ_KEY is {@code key}
     * ({@link IndexType#UNIQUE_KEY}), or whose tag is {@code key} ({@link IndexType#TAG});
     * stored between {@code beginTimestamp} and {@code endTimestamp} (inclusive, store time), newest
     * first, at most {@code maxNum} (QUERY_MESSAGE, the admin's {@code queryMsgByKey}).
     *
     * <p><b>Promise.</b> Every returned record really matches (candidates found by a hash of the index
     * entry, see {@link io.hexmq.domain.message.IndexKeys}, are confirmed against the record);
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
    QueryResult queryByKey(String topic, IndexType type, String key, int maxNum, long beginTimestamp,
                           long endTimestamp);

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

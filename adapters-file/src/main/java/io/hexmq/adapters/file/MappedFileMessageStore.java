package io.hexmq.adapters.file;

import io.hexmq.adapters.file.consumequeue.ConsumeQueue;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.StoreBacklog;
import io.hexmq.domain.message.port.StoreHousekeeping;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.DiskSpaceGuard;
import io.hexmq.storage.DiskUsage;
import io.hexmq.storage.FlushDiskType;
import io.hexmq.storage.KeyQuery;
import io.hexmq.storage.OffsetQueries;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link MessageStore} on memory-mapped files, laid out as RocketMQ lays out its store under
 * {@code storePathRootDir}: {@code commitlog/} (segments named by start offset), {@code consumequeue/<topic>/<queueId>/},
 * {@code index/} (the key index, {@link MessageIndex}), {@code checkpoint}, {@code deletedtopics}
 * ({@link DeletedTopics}), and {@code abort} (present while running; found at start it means a crash).
 *
 * <p>This class is the port and the lifecycle; each responsibility has its own class over the shared
 * {@link StoreFiles}: start-up and crash recovery ({@link Recovery}), appends ({@link Appender}, single
 * writer per commit log, group commit under {@link FlushDiskType#SYNC_FLUSH}), reads ({@link QueueReader}),
 * queries by offset, time and key ({@link OffsetQueries} and {@link KeyQuery} over {@link QuerySource}),
 * and retention and the disk-space check ({@link Retention}), which the scheduler drives through
 * {@link #deleteExpiredFiles()} and {@link #checkDiskSpace()}.
 */
public final class MappedFileMessageStore implements MessageStore, StoreHousekeeping, StoreBacklog {

    private static final Logger LOG = LoggerFactory.getLogger(MappedFileMessageStore.class);
    private static final AppendResult NOT_RUNNING =
        AppendResult.rejected(AppendStatus.SERVICE_NOT_AVAILABLE, "message store is not running");

    private final FileStoreSettings settings;
    private final HostAddress storeHost;
    private final Clock clock;
    private final DiskUsage diskUsage;
    private final List<MessageArrivalListener> listeners = new CopyOnWriteArrayList<>();
    private final Object lifecycle = new Object();
    /** Replaced only when the store is reopened on other files ({@link #reopen}); readers take it once. */
    private volatile Parts parts;
    private boolean used;
    private volatile boolean running;

    public MappedFileMessageStore(FileStoreSettings settings, HostAddress storeHost, Clock clock, DiskUsage diskUsage) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.storeHost = Objects.requireNonNull(storeHost, "storeHost");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.diskUsage = Objects.requireNonNull(diskUsage, "diskUsage");
        this.parts = newParts();
    }

    public MappedFileMessageStore(FileStoreSettings settings, HostAddress storeHost, Clock clock) {
        this(settings, storeHost, clock, DiskUsage.FILE_SYSTEM);
    }

    /** Every part over one opening of the files, sharing {@link StoreFiles}. */
    private record Parts(StoreFiles files, Recovery recovery, FlushService flushService,
                         CommitLogPrefaulter prefaulter, Appender appender,
                         QueueReader reader, OffsetQueries<ConsumeQueue> offsets, KeyQuery keys, Retention retention) {
    }

    private Parts newParts() {
        StoreFiles files = StoreFiles.under(settings, clock);
        DiskSpaceGuard diskSpace = new DiskSpaceGuard(settings.diskMaxUsedSpaceRatio(), files.root().toString());
        FlushService flushService = new FlushService(files.commitLog(), files.queues(), files.index(),
            files.dispatcher(), files.checkpoint(), clock, settings);
        CommitLogPrefaulter prefaulter = new CommitLogPrefaulter(files.commitLog(),
            CommitLogPrefaulter.DEFAULT_AHEAD_BYTES);
        QuerySource querySource = new QuerySource(files);
        listeners.forEach(files.dispatcher()::addListener);
        return new Parts(files, new Recovery(files), flushService, prefaulter,
            new Appender(files, flushService, prefaulter, diskSpace, settings, storeHost),
            new QueueReader(files, settings.maxTransferBytesOnMessageInMemory()), new OffsetQueries<>(querySource),
            new KeyQuery(querySource), new Retention(files, clock, settings.fileReservedTime(), diskUsage, diskSpace));
    }

    // ---------------------------------------------------------------- lifecycle

    @Override
    public void start() {
        synchronized (lifecycle) {
            if (used) {
                throw new IllegalStateException("a store starts once; create a new one to reopen the files");
            }
            used = true;
            open();
        }
    }

    @Override
    public void shutdown() {
        synchronized (lifecycle) {
            if (!running) {
                return;
            }
            close();
        }
    }

    /**
     * Shuts the store down, runs {@code whileStopped} on its files (a follower moving its leader's in) and
     * opens the store again on what is there then, recovering as at a start. Appends meanwhile are refused;
     * reads still see the files of before. The arrival listeners stay registered.
     */
    void reopen(Runnable whileStopped) {
        synchronized (lifecycle) {
            if (!running) {
                throw new IllegalStateException("message store is not running");
            }
            close();
            try {
                whileStopped.run();
            } finally {
                parts = newParts();
                open();
            }
        }
    }

    private void open() {
        Parts now = parts;
        now.recovery().open();
        now.retention().checkDiskSpace();
        now.flushService().start();
        now.prefaulter().start();
        running = true;
    }

    private void close() {
        Parts now = parts;
        running = false;
        now.prefaulter().stop();
        now.flushService().stop();
        now.files().dispatcher().dispatchUpTo(now.files().commitLog().writtenOffset());
        now.flushService().checkpointNow();
        now.recovery().markCleanShutdown();
    }

    /** Stops like a killed process would: no final flush, no checkpoint, the abort marker stays. */
    void abandon() {
        synchronized (lifecycle) {
            if (!running) {
                return;
            }
            running = false;
            parts.prefaulter().stop();
            parts.flushService().stop();
        }
    }

    /** The files as they are open now. */
    StoreFiles files() {
        return parts.files();
    }

    // ---------------------------------------------------------------- append

    @Override
    public AppendResult append(Message message) {
        return running ? parts.appender().append(message) : NOT_RUNNING;
    }

    @Override
    public AppendResult appendBatch(List<Message> messages) {
        return running ? parts.appender().appendBatch(messages) : NOT_RUNNING;
    }

    /**
     * Under SYNC_FLUSH returns once the message is written and readable; the stage completes on the flush
     * thread once the flush covers it (or as FLUSH_DISK_TIMEOUT after {@code syncFlushTimeout}), so the caller
     * holds no thread meanwhile. Under ASYNC_FLUSH it is complete on return.
     */
    @Override
    public CompletionStage<AppendResult> appendAsync(Message message) {
        return running ? parts.appender().appendAsync(message) : CompletableFuture.completedFuture(NOT_RUNNING);
    }

    @Override
    public CompletionStage<AppendResult> appendBatchAsync(List<Message> messages) {
        return running ? parts.appender().appendBatchAsync(messages) : CompletableFuture.completedFuture(NOT_RUNNING);
    }

    @Override
    public AppendResult append(Message message, StoreStamp stamp) {
        Objects.requireNonNull(stamp, "stamp");
        return running ? parts.appender().append(message, stamp) : NOT_RUNNING;
    }

    @Override
    public AppendResult appendBatch(List<Message> messages, StoreStamp stamp) {
        Objects.requireNonNull(stamp, "stamp");
        return running ? parts.appender().appendBatch(messages, stamp) : NOT_RUNNING;
    }

    /**
     * Deletes the topic's consume queues and counters and durably marks it deleted at the dispatched
     * commit-log offset (see {@link DeletedTopics}); the commit log keeps the records until retention.
     */
    @Override
    public void deleteTopic(String topic) {
        Objects.requireNonNull(topic, "topic");
        synchronized (lifecycle) {
            if (!running) {
                throw new IllegalStateException("message store is not running");
            }
            parts.appender().deleteTopic(topic);
        }
        LOG.info("deleted topic {} from the store: its records before commit-log offset {} are gone", topic,
            parts.files().deletedTopics().deletedAt(topic));
    }

    @Override
    public void flush() {
        StoreFiles files = parts.files();
        files.dispatcher().dispatchUpTo(files.commitLog().writtenOffset());
        files.queues().flushAll();
        files.index().flush();
        files.commitLog().flush();
    }

    @Override
    public void registerArrivalListener(MessageArrivalListener listener) {
        synchronized (lifecycle) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            parts.files().dispatcher().addListener(listener);
        }
    }

    // ---------------------------------------------------------------- read and query

    @Override
    public ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
        return parts.reader().read(topic, queueId, offset, maxMessages, filter);
    }

    @Override
    public long minOffset(String topic, int queueId) {
        return parts.offsets().minOffset(topic, queueId);
    }

    @Override
    public long maxOffset(String topic, int queueId) {
        return parts.offsets().maxOffset(topic, queueId);
    }

    @Override
    public long offsetByTime(String topic, int queueId, long timestampMillis) {
        return parts.offsets().offsetByTime(topic, queueId, timestampMillis);
    }

    @Override
    public OptionalLong earliestStoreTime(String topic, int queueId) {
        return parts.offsets().earliestStoreTime(topic, queueId);
    }

    @Override
    public Optional<ByteBuffer> lookup(long commitLogOffset) {
        return Optional.ofNullable(parts.files().commitLog().record(commitLogOffset));
    }

    @Override
    public QueryResult queryByKey(String topic, IndexType type, String key, int maxNum, long beginTimestamp,
                               long endTimestamp) {
        return parts.keys().find(topic, type, key, maxNum, beginTimestamp, endTimestamp);
    }

    // ---------------------------------------------------------------- housekeeping (called by the scheduler)

    /**
     * Deletes commit-log segments whose every message is older than {@code fileReservedTime} hours by the
     * clock (judged by the first message of the following segment, so the segment holding the newest
     * message always stays), then consume-queue segments that point only into deleted ones; queue
     * minimum offsets move accordingly. Finally re-checks the disk. Returns the number of commit-log
     * segments deleted.
     */
    @Override
    public int deleteExpiredFiles() {
        return parts.retention().deleteExpiredFiles();
    }

    @Override
    public Set<String> queuedTopics() {
        return parts.files().queues().topics();
    }

    /**
     * Refuses appends (SERVICE_NOT_AVAILABLE) while the disk holding the store is used above
     * {@code diskMaxUsedSpaceRatio} percent, and accepts them again once it is not.
     */
    public void checkDiskSpace() {
        parts.retention().checkDiskSpace();
    }

    /** The commit log's written end; at start, where recovery ended the log. */
    @Override
    public long commitLogMaxOffset() {
        return parts.files().commitLog().writtenOffset();
    }

    /** How far the commit log is known to be on disk. */
    long commitLogFlushedOffset() {
        return parts.files().commitLog().flushedOffset();
    }

    /** The commit log's start, which retention moves. */
    public long commitLogMinOffset() {
        return parts.files().commitLog().minOffset();
    }

    /** The appended bytes the dispatcher has not yet put into the consume queues and the key index. */
    @Override
    public long undispatchedBytes() {
        StoreFiles files = parts.files();
        // the dispatched offset first: it never passes the written end, so the difference never goes negative
        long dispatched = files.dispatcher().dispatchedOffset();
        return Math.max(0, files.commitLog().writtenOffset() - dispatched);
    }

    /** The commit log's bytes between its flushed position and its written end. */
    @Override
    public long unflushedBytes() {
        StoreFiles files = parts.files();
        long flushed = files.commitLog().flushedOffset();
        return Math.max(0, files.commitLog().writtenOffset() - flushed);
    }

    /** The directory of the commit log's segments, whose disk brokerStatus reports by this path. */
    public Path commitLogDirectory() {
        return StoreFiles.commitLogDirectory(settings.storePathRootDir());
    }
}

package io.hexmq.adapters.file;

import io.hexmq.adapters.file.consumequeue.ConsumeQueue;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.DiskSpaceGuard;
import io.hexmq.storage.DiskUsage;
import io.hexmq.storage.FlushDiskType;
import io.hexmq.storage.KeyQuery;
import io.hexmq.storage.OffsetQueries;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
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
public final class MappedFileMessageStore implements MessageStore {

    private static final Logger LOG = LoggerFactory.getLogger(MappedFileMessageStore.class);
    private static final AppendResult NOT_RUNNING =
        AppendResult.rejected(AppendStatus.SERVICE_NOT_AVAILABLE, "message store is not running");

    private final StoreFiles files;
    private final Recovery recovery;
    private final FlushService flushService;
    private final Appender appender;
    private final QueueReader reader;
    private final OffsetQueries<ConsumeQueue> offsets;
    private final KeyQuery keys;
    private final Retention retention;
    private final Object lifecycle = new Object();
    private boolean used;
    private volatile boolean running;

    public MappedFileMessageStore(FileStoreSettings settings, HostAddress storeHost, Clock clock, DiskUsage diskUsage) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(storeHost, "storeHost");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(diskUsage, "diskUsage");
        this.files = StoreFiles.under(settings, clock);
        DiskSpaceGuard diskSpace = new DiskSpaceGuard(settings.diskMaxUsedSpaceRatio(), files.root().toString());
        this.recovery = new Recovery(files);
        this.flushService = new FlushService(files.commitLog(), files.queues(), files.index(), files.dispatcher(),
            files.checkpoint(), clock, settings);
        this.appender = new Appender(files, flushService, diskSpace, settings, storeHost);
        this.reader = new QueueReader(files, settings.maxTransferBytesOnMessageInMemory());
        QuerySource querySource = new QuerySource(files);
        this.offsets = new OffsetQueries<>(querySource);
        this.keys = new KeyQuery(querySource);
        this.retention = new Retention(files, clock, settings.fileReservedTime(), diskUsage, diskSpace);
    }

    public MappedFileMessageStore(FileStoreSettings settings, HostAddress storeHost, Clock clock) {
        this(settings, storeHost, clock, DiskUsage.FILE_SYSTEM);
    }

    // ---------------------------------------------------------------- lifecycle

    @Override
    public void start() {
        synchronized (lifecycle) {
            if (used) {
                throw new IllegalStateException("a store starts once; create a new one to reopen the files");
            }
            used = true;
            recovery.open();
            retention.checkDiskSpace();
            flushService.start();
            running = true;
        }
    }

    @Override
    public void shutdown() {
        synchronized (lifecycle) {
            if (!running) {
                return;
            }
            running = false;
            flushService.stop();
            files.dispatcher().dispatchUpTo(files.commitLog().writtenOffset());
            flushService.checkpointNow();
            recovery.markCleanShutdown();
            files.close();
        }
    }

    /** Stops like a killed process would: no final flush, no checkpoint, the abort marker stays. */
    void abandon() {
        synchronized (lifecycle) {
            if (!running) {
                return;
            }
            running = false;
            flushService.stop();
            files.close();
        }
    }

    // ---------------------------------------------------------------- append

    @Override
    public AppendResult append(Message message) {
        return running ? appender.append(message) : NOT_RUNNING;
    }

    @Override
    public AppendResult appendBatch(List<Message> messages) {
        return running ? appender.appendBatch(messages) : NOT_RUNNING;
    }

    @Override
    public AppendResult append(Message message, StoreStamp stamp) {
        Objects.requireNonNull(stamp, "stamp");
        return running ? appender.append(message, stamp) : NOT_RUNNING;
    }

    @Override
    public AppendResult appendBatch(List<Message> messages, StoreStamp stamp) {
        Objects.requireNonNull(stamp, "stamp");
        return running ? appender.appendBatch(messages, stamp) : NOT_RUNNING;
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
            appender.deleteTopic(topic);
        }
        LOG.info("deleted topic {} from the store: its records before commit-log offset {} are gone", topic,
            files.deletedTopics().deletedAt(topic));
    }

    @Override
    public void flush() {
        files.dispatcher().dispatchUpTo(files.commitLog().writtenOffset());
        files.queues().flushAll();
        files.index().flush();
        files.commitLog().flush();
    }

    @Override
    public void registerArrivalListener(MessageArrivalListener listener) {
        files.dispatcher().addListener(Objects.requireNonNull(listener, "listener"));
    }

    // ---------------------------------------------------------------- read and query

    @Override
    public ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
        return reader.read(topic, queueId, offset, maxMessages, filter);
    }

    @Override
    public long minOffset(String topic, int queueId) {
        return offsets.minOffset(topic, queueId);
    }

    @Override
    public long maxOffset(String topic, int queueId) {
        return offsets.maxOffset(topic, queueId);
    }

    @Override
    public long offsetByTime(String topic, int queueId, long timestampMillis) {
        return offsets.offsetByTime(topic, queueId, timestampMillis);
    }

    @Override
    public OptionalLong earliestStoreTime(String topic, int queueId) {
        return offsets.earliestStoreTime(topic, queueId);
    }

    @Override
    public Optional<ByteBuffer> lookup(long commitLogOffset) {
        return Optional.ofNullable(files.commitLog().record(commitLogOffset));
    }

    @Override
    public QueryResult queryByKey(String topic, String key, int maxNum, long beginTimestamp, long endTimestamp) {
        return keys.find(topic, key, maxNum, beginTimestamp, endTimestamp);
    }

    // ---------------------------------------------------------------- housekeeping (called by the scheduler)

    /**
     * Deletes commit-log segments whose every message is older than {@code fileReservedTime} hours by the
     * clock (judged by the first message of the following segment, so the segment holding the newest
     * message always stays), then consume-queue segments that point only into deleted ones; queue
     * minimum offsets move accordingly. Finally re-checks the disk. Returns the number of commit-log
     * segments deleted.
     */
    public int deleteExpiredFiles() {
        return retention.deleteExpiredFiles();
    }

    /**
     * Refuses appends (SERVICE_NOT_AVAILABLE) while the disk holding the store is used above
     * {@code diskMaxUsedSpaceRatio} percent, and accepts them again once it is not.
     */
    public void checkDiskSpace() {
        retention.checkDiskSpace();
    }

    /** The commit log's written end; at start, where recovery ended the log. */
    @Override
    public long commitLogMaxOffset() {
        return files.commitLog().writtenOffset();
    }

    /** How far the commit log is known to be on disk. */
    long commitLogFlushedOffset() {
        return files.commitLog().flushedOffset();
    }

    /** The commit log's start, which retention moves. */
    public long commitLogMinOffset() {
        return files.commitLog().minOffset();
    }
}

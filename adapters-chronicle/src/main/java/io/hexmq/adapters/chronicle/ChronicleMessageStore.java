package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.consumequeue.QueueIndex;
import io.hexmq.adapters.chronicle.directory.StoreDirectory;
import io.hexmq.adapters.chronicle.index.KeyIndex;
import io.hexmq.adapters.chronicle.log.ChronicleLog;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StorageException;
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
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link MessageStore} on Chronicle Queue.
 *
 * <h2>Layout</h2>
 * Under {@code storePathRootDir}: {@code chronicle/}, one Chronicle queue that is the commit log (one
 * document per append, holding the {@link MessageLayout} records of the message or batch back to back),
 * plus the files of {@link StoreDirectory}. Each topic-queue's consume queue is a {@link QueueIndex} in
 * memory-mapped segment files: logical offset → (Chronicle document index, position in the document, tag
 * code). The key index for queries by key is a bounded {@link KeyIndex} in one mapped file. Neither holds
 * anything per message on the heap.
 *
 * <h2>Physical offsets</h2>
 * As in RocketMQ, a record's physical offset is where it would start if every record ever appended lay
 * end to end: the first record has 0, the next starts where it ends. The offset is stamped into the
 * record's PHYSICALOFFSET before the document is written, so it is inside the msgId a client gets and
 * inside the bytes a pull returns. {@link #lookup} resolves it ({@link LogReader}).
 *
 * <h2>Parts</h2>
 * This class is the port and the lifecycle over the shared {@link StoreState}: start-up
 * ({@link StartupScan}), appends ({@link LogWriter}: one lock, listeners told after it), durability
 * ({@link LogFlusher}), the indexes' checkpoints ({@link Checkpointer}), reads ({@link LogReader}), queries by offset, time and key ({@link OffsetQueries}
 * and {@link KeyQuery} over {@link QuerySource}), and retention with the disk-space check
 * ({@link Retention}).
 *
 * <h2>Crash story</h2>
 * A Chronicle document is complete or invisible (see {@link ChronicleLog}), so after a kill -9 the log
 * ends with the last completed append, and every append that returned is in it. Every
 * {@code flushIntervalConsumeQueue} ms, and at shutdown, a checkpoint forces the log and the indexes and
 * records the last document they cover. {@link #start} opens the indexes at that checkpoint, cutting off
 * what they hold past it, and scans only the log after it, verifying each record; a record that fails is
 * corruption, reported rather than repaired. The cost of a start is a read of what was appended in the
 * last interval before a crash, nothing after a clean stop. Without a checkpoint that matches the log, the
 * whole log is scanned and the indexes are written anew. Under
 * {@link FlushDiskType#SYNC_FLUSH} an acknowledged append is also on disk; under
 * {@link FlushDiskType#ASYNC_FLUSH} the last flush interval may be lost with the machine.
 *
 * <h2>Retention and disk space</h2>
 * Driven from outside: the scheduler calls {@link #deleteExpiredFiles()}, which deletes whole Chronicle
 * cycles older than {@code fileReservedTime} and moves queue minimum offsets past them, then measures the
 * disk, as {@link #start} does: while the disk holding the store is used above
 * {@code diskMaxUsedSpaceRatio} percent, appends are refused with SERVICE_NOT_AVAILABLE (the
 * {@link DiskSpaceGuard} the file store applies too).
 */
public final class ChronicleMessageStore implements MessageStore, StoreHousekeeping, StoreBacklog {

    private static final Logger LOG = LoggerFactory.getLogger(ChronicleMessageStore.class);

    private final ChronicleStoreSettings settings;
    private final HostAddress storeHost;
    private final Clock clock;
    private final DiskSync diskSync;
    private final DiskUsage diskUsage;
    private final List<MessageArrivalListener> listeners = new CopyOnWriteArrayList<>();
    private final Object lifecycle = new Object();
    /** Replaced only when the store is reopened on other files ({@link #reopen}); readers take it once. */
    private volatile Parts parts;
    private boolean used;
    private volatile long scannedAtStart;

    public ChronicleMessageStore(ChronicleStoreSettings settings, HostAddress storeHost, Clock clock) {
        this(settings, storeHost, clock, DiskSync.FORCE, DiskUsage.FILE_SYSTEM);
    }

    ChronicleMessageStore(ChronicleStoreSettings settings, HostAddress storeHost, Clock clock, DiskSync diskSync,
        DiskUsage diskUsage) {
        this.diskSync = Objects.requireNonNull(diskSync, "diskSync");
        this.diskUsage = Objects.requireNonNull(diskUsage, "diskUsage");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.storeHost = Objects.requireNonNull(storeHost, "storeHost");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.parts = newParts();
    }

    /** Every part over one opening of the files, sharing {@link StoreState}. */
    private record Parts(StoreState state, LogFlusher flusher, Checkpointer checkpointer, LogWriter writer,
                         LogReader reader, OffsetQueries<QueueIndex> offsets, KeyQuery keys, Retention retention) {
    }

    private Parts newParts() {
        DiskSpaceGuard diskSpace = new DiskSpaceGuard(settings.diskMaxUsedSpaceRatio(),
            settings.storePathRootDir().toString());
        StoreState state = new StoreState(new StoreDirectory(settings.storePathRootDir()), settings.maxIndexNum());
        LogFlusher flusher = new LogFlusher(state, diskSync, settings);
        Checkpointer checkpointer = new Checkpointer(state, settings);
        LogWriter writer = new LogWriter(state, flusher, diskSpace, clock, storeHost, settings);
        listeners.forEach(writer::addListener);
        LogReader reader = new LogReader(state, settings.maxTransferBytesOnMessageInMemory());
        QuerySource querySource = new QuerySource(state, reader);
        return new Parts(state, flusher, checkpointer, writer, reader, new OffsetQueries<>(querySource),
            new KeyQuery(querySource), new Retention(state, clock, settings, diskUsage, diskSpace, checkpointer));
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
            if (!parts.state().running()) {
                return;
            }
            stopRunning();
            try {
                diskSync.sync(parts.state().log());
                parts.checkpointer().checkpoint();
            } finally {
                // a failed last checkpoint only costs the next start a longer scan; the files must still close
                parts.state().log().close();
            }
        }
    }

    /**
     * Shuts the store down, runs {@code whileStopped} on its files (a follower moving its leader's in) and
     * opens the store again on what is there then, as at a start. Appends meanwhile are
     * refused; a read that overlaps the swap may fail. The arrival listeners stay registered.
     */
    void reopen(Runnable whileStopped) {
        synchronized (lifecycle) {
            if (!parts.state().running()) {
                throw new IllegalStateException("message store is not running");
            }
            shutdown();
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
        StoreDirectory directory = now.state().directory();
        directory.claim(settings.rollCycle());
        ChronicleLog log = ChronicleLog.open(directory.chronicle(), settings.chronicleRollCycle(), clock);
        now.state().opened(log);
        try {
            scannedAtStart = StartupScan.rebuild(now.state(), settings.maxRecordLength());
        } catch (RuntimeException e) {
            log.close();
            throw e instanceof StorageException ? e : ChronicleLog.unreadable(directory.chronicle(), e);
        }
        now.retention().checkDiskSpace();
        now.flusher().start();
        now.checkpointer().start();
        now.state().running(true);
    }

    /** Stops like a killed process would: no final flush (tests). */
    void abandon() {
        synchronized (lifecycle) {
            if (!parts.state().running()) {
                return;
            }
            stopRunning();
            parts.state().log().close();
        }
    }

    /** The log records the last start scanned: none before its checkpoint (the seam tests count with). */
    long scannedAtStart() {
        return scannedAtStart;
    }

    /** Writes a checkpoint of the indexes now, as the checkpoint thread does every interval (tests). */
    void checkpoint() {
        parts.checkpointer().checkpoint();
    }

    /** The log and the indexes as they are open now. */
    StoreState state() {
        return parts.state();
    }

    /** No append is under way or starts once this returns, and the flush thread has ended. */
    private void stopRunning() {
        StoreState state = parts.state();
        state.appendLock().lock();
        try {
            state.running(false);
        } finally {
            state.appendLock().unlock();
        }
        parts.flusher().stop();
        parts.checkpointer().stop();
    }

    // ---------------------------------------------------------------- append

    @Override
    public AppendResult append(Message message) {
        return parts.writer().append(message);
    }

    @Override
    public AppendResult appendBatch(List<Message> messages) {
        return parts.writer().appendBatch(messages);
    }

    /**
     * Under SYNC_FLUSH returns once the message is written and readable; the stage completes on the flush
     * thread once its force covers the message, so the caller holds no thread meanwhile.
     */
    @Override
    public CompletionStage<AppendResult> appendAsync(Message message) {
        return parts.writer().appendAsync(message);
    }

    @Override
    public CompletionStage<AppendResult> appendBatchAsync(List<Message> messages) {
        return parts.writer().appendBatchAsync(messages);
    }

    @Override
    public AppendResult append(Message message, StoreStamp stamp) {
        return parts.writer().append(message, stamp.storeHost(), stamp.storeTimestamp());
    }

    @Override
    public AppendResult appendBatch(List<Message> messages, StoreStamp stamp) {
        return parts.writer().appendBatch(messages, stamp.storeHost(), stamp.storeTimestamp());
    }

    @Override
    public void deleteTopic(String topic) {
        Objects.requireNonNull(topic, "topic");
        parts.writer().deleteTopic(topic);
        LOG.info("deleted topic {} from the store: its records before physical offset {} are gone", topic,
            parts.state().deletedTopics().get(topic));
    }

    @Override
    public void flush() {
        if (parts.state().running()) {
            parts.flusher().syncNow();
        }
    }

    @Override
    public void registerArrivalListener(MessageArrivalListener listener) {
        synchronized (lifecycle) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            parts.writer().addListener(listener);
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
        return Optional.ofNullable(parts.reader().lookup(commitLogOffset));
    }

    @Override
    public QueryResult queryByKey(String topic, IndexType type, String key, int maxNum, long beginTimestamp,
                               long endTimestamp) {
        return parts.keys().find(topic, type, key, maxNum, beginTimestamp, endTimestamp);
    }

    // ---------------------------------------------------------------- housekeeping (called by the scheduler)

    /**
     * Deletes the Chronicle cycles whose every message is older than {@code fileReservedTime} hours by the
     * clock (the cycle ended before the deadline); the newest cycle holding messages always stays. First
     * saves the queues' offsets (see {@link StoreDirectory}), then deletes, then moves queue minimum
     * offsets past the deleted documents. Finally measures the disk ({@link #checkDiskSpace()}), so a disk
     * filling up is noticed on this schedule and the space retention frees is taken back at once. Returns
     * the number of cycles deleted.
     */
    @Override
    public int deleteExpiredFiles() {
        return parts.retention().deleteExpiredFiles();
    }

    @Override
    public Set<String> queuedTopics() {
        return parts.state().queues().topics();
    }

    /**
     * Refuses appends (SERVICE_NOT_AVAILABLE) while the disk holding the store is used above
     * {@code diskMaxUsedSpaceRatio} percent, and accepts them again once it is not; logs each change once.
     */
    void checkDiskSpace() {
        parts.retention().checkDiskSpace();
    }

    /** Physical offset of the next record; at start, where the scan found the log's end. */
    @Override
    public long commitLogMaxOffset() {
        return parts.state().nextPhysical();
    }

    /** Physical offset of the oldest retained record, which retention moves. */
    public long commitLogMinOffset() {
        return parts.state().minPhysical();
    }

    /**
     * Always 0: the writer indexes an append in the same locked section that writes it, so read under the append
     * lock this is 0 at every moment, and the store reports that without taking the lock.
     */
    @Override
    public long undispatchedBytes() {
        return 0;
    }

    /** The bytes appended since the last force of the log reached the disk. */
    @Override
    public long unflushedBytes() {
        return parts.flusher().unforcedBytes();
    }

    /** The Chronicle queue's directory, the commit log, whose disk brokerStatus reports by this path. */
    public Path commitLogDirectory() {
        return parts.state().directory().chronicle();
    }
}

package io.hexmq.adapters.chronicle;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.AppendEncoding;
import io.hexmq.storage.DiskSpaceGuard;
import io.hexmq.storage.DiskUsage;
import io.hexmq.storage.FlushDiskType;
import io.hexmq.storage.QueueOffsets;
import io.hexmq.storage.QueueScan;
import java.io.File;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link MessageStore} on Chronicle Queue.
 *
 * <h2>Layout</h2>
 * Under {@code storePathRootDir}: {@code chronicle/}, one Chronicle queue that is the commit log (one
 * document per append, holding the {@link MessageLayout} records of the message or batch back to back),
 * plus the small files of {@link StoreDirectory}. Each topic-queue's consume queue is a {@link QueueIndex}
 * in memory: logical offset → (Chronicle document index, position in the document, tag code). The key
 * index for queries by key is a bounded {@link KeyIndex} in memory, rebuilt by the same scan.
 *
 * <h2>Physical offsets</h2>
 * As in RocketMQ, a record's physical offset is where it would start if every record ever appended lay
 * end to end: the first record has 0, the next starts where it ends. The offset is stamped into the
 * record's PHYSICALOFFSET before the document is written, so it is inside the msgId a client gets and
 * inside the bytes a pull returns. {@link #lookup} resolves it through {@link DocumentSpans} (the cycle)
 * and a binary search over the cycle's documents, reading their first record's PHYSICALOFFSET.
 *
 * <h2>Append</h2>
 * Encode into this thread's reused buffer, then under one lock: assign queue offset, physical offset and
 * store time, write one Chronicle document with this thread's appender, publish the consume-queue
 * entries. Listeners hear of the new messages after the lock is released. Nothing is allocated per
 * message except the {@link AppendResult} the port returns.
 *
 * <h2>Crash story</h2>
 * A Chronicle document is complete or invisible (see {@link ChronicleLog}), so after a kill -9 the log
 * ends with the last completed append, and every append that returned is in it. {@link #start} rebuilds
 * every consume queue by scanning the log and verifies each record (size, magic, body CRC, consecutive
 * physical and queue offsets); a record that fails is corruption, reported as a
 * {@link StorageException} naming the document and file rather than repaired. The cost of a start is a
 * read of the retained log. Under {@link FlushDiskType#SYNC_FLUSH} an acknowledged append is also on
 * disk: after its document is written, and before it returns, the cycle files are forced (fsync) by
 * {@link DiskSync}, once per group: the first appender to get there forces everything written so far and
 * the appenders it covered return without a force of their own. Under {@link FlushDiskType#ASYNC_FLUSH}
 * the last flush interval may be lost with the machine.
 *
 * <h2>Retention and disk space</h2>
 * Driven from outside: the scheduler calls {@link #deleteExpiredFiles()}, which deletes whole Chronicle
 * cycles older than {@code fileReservedTime} by the injected clock (which also drives Chronicle's cycle
 * choice, so cycles and store timestamps agree) and moves queue minimum offsets past them. It then
 * measures the disk, as {@link #start} does: while the disk holding the store is used above
 * {@code diskMaxUsedSpaceRatio} percent, appends are refused with SERVICE_NOT_AVAILABLE (the
 * {@link DiskSpaceGuard} the file store applies too).
 */
public final class ChronicleMessageStore implements MessageStore {

    private static final Logger LOG = LoggerFactory.getLogger(ChronicleMessageStore.class);
    /** Consume-queue entries one read looks at, at most (as the file store). */
    private static final int MAX_SCANNED_ENTRIES = 800;
    /** Candidates a key query may reject (shared hashes) beyond the maxNum it returns. */
    private static final int QUERY_CANDIDATE_SLACK = 32;
    private static final AppendResult NOT_RUNNING =
        AppendResult.rejected(AppendStatus.SERVICE_NOT_AVAILABLE, "message store is not running");

    private final ChronicleStoreSettings settings;
    private final HostAddress storeHost;
    private final Clock clock;
    private final StoreDirectory directory;
    private final QueueTable queues = new QueueTable();
    private final DocumentSpans spans = new DocumentSpans();
    private final KeyIndex keyIndex;
    private final ReentrantLock appendLock = new ReentrantLock();
    private final ReentrantLock syncLock = new ReentrantLock();
    private final DiskSync diskSync;
    private final DiskUsage diskUsage;
    private final DiskSpaceGuard diskSpace;
    private final ThreadLocal<MessageEncoder> encoders;
    private final ThreadLocal<RecordView> recordViews = ThreadLocal.withInitial(RecordView::new);
    private final List<MessageArrivalListener> listeners = new CopyOnWriteArrayList<>();
    private final Object lifecycle = new Object();
    private ChronicleLog log;
    private final CountDownLatch stopFlusher = new CountDownLatch(1);
    private Thread flusher;
    private boolean used;
    private volatile boolean running;
    /** Physical offset of the next record; written under the append lock. */
    private volatile long nextPhysical;
    /** Per deleted topic, the physical offset below which its records are gone; replaced under the append lock. */
    private volatile Map<String, Long> deletedTopics = Map.of();
    /** Physical offset of the oldest retained record. */
    private volatile long minPhysical;
    /** Appends whose document is written; bumped under the append lock after the write. */
    private volatile long appendedSequence;
    /** Appends known to be on disk; guarded by the sync lock. */
    private long syncedSequence;

    public ChronicleMessageStore(ChronicleStoreSettings settings, HostAddress storeHost, Clock clock) {
        this(settings, storeHost, clock, DiskSync.FORCE, DiskUsage.FILE_SYSTEM);
    }

    ChronicleMessageStore(ChronicleStoreSettings settings, HostAddress storeHost, Clock clock, DiskSync diskSync,
        DiskUsage diskUsage) {
        this.diskSync = Objects.requireNonNull(diskSync, "diskSync");
        this.diskUsage = Objects.requireNonNull(diskUsage, "diskUsage");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.diskSpace = new DiskSpaceGuard(settings.diskMaxUsedSpaceRatio(), settings.storePathRootDir().toString());
        this.storeHost = Objects.requireNonNull(storeHost, "storeHost");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.directory = new StoreDirectory(settings.storePathRootDir());
        this.keyIndex = new KeyIndex(settings.maxIndexNum());
        int maxRecordLength = settings.maxRecordLength();
        this.encoders = ThreadLocal.withInitial(() -> new MessageEncoder(maxRecordLength, storeHost));
    }

    // ---------------------------------------------------------------- lifecycle

    @Override
    public void start() {
        synchronized (lifecycle) {
            if (used) {
                throw new IllegalStateException("a store starts once; create a new one to reopen the files");
            }
            used = true;
            directory.claim(settings.rollCycle());
            log = ChronicleLog.open(directory.chronicle(), settings.chronicleRollCycle(), clock);
            try {
                rebuild();
            } catch (RuntimeException e) {
                log.close();
                throw e instanceof StorageException ? e : ChronicleLog.unreadable(directory.chronicle(), e);
            }
            checkDiskSpace();
            if (settings.flushDiskType() == FlushDiskType.ASYNC_FLUSH) {
                flusher = new Thread(this::flushPeriodically, "hexmq-chronicle-flush");
                flusher.setDaemon(true);
                flusher.start();
            }
            running = true;
        }
    }

    /** Rebuilds every consume queue and the physical-offset map from the log, verifying each record. */
    private void rebuild() {
        long started = System.nanoTime();
        Map<String, Long> deleted = directory.readDeletedTopics();
        deletedTopics = deleted;
        CRC32 crc = new CRC32();
        ByteBuffer scratch = ByteBuffer.allocate(settings.maxRecordLength());
        long[] expectedPhysical = {-1};
        long[] count = {0};
        String[] lastTopic = {null};
        log.scan(scratch, (documentIndex, payload, file) -> {
            int length = payload.limit();
            int at = 0;
            while (at < length) {
                int size = MessageLayout.check(payload, at, length - at, settings.maxRecordLength(), crc);
                if (size <= 0) {
                    throw corrupt(documentIndex, file, at, "not a valid message record");
                }
                long physical = MessageLayout.physicalOffset(payload, at);
                if (expectedPhysical[0] >= 0 && physical != expectedPhysical[0]) {
                    throw corrupt(documentIndex, file, at, "physical offset " + physical + ", expected "
                        + expectedPhysical[0]);
                }
                if (at == 0) {
                    if (expectedPhysical[0] < 0) {
                        minPhysical = physical;
                    }
                    spans.written(log.cycleOf(documentIndex), documentIndex, physical);
                }
                expectedPhysical[0] = physical + size;
                String topic = MessageLayout.topic(payload, at);
                if (topic.equals(lastTopic[0])) {
                    topic = lastTopic[0];
                }
                lastTopic[0] = topic;
                if (!deleted.isEmpty() && physical < deleted.getOrDefault(topic, -1L)) {
                    count[0]++;
                    at += size;
                    continue;
                }
                keyIndex.add(payload, at, physical, topic);
                if (!MessageSysFlag.isHiddenFromConsumeQueue(MessageLayout.sysFlag(payload, at))) {
                    int queueId = MessageLayout.queueId(payload, at);
                    long queueOffset = MessageLayout.queueOffset(payload, at);
                    QueueIndex queue = queues.findOrCreate(topic, queueId, queueOffset);
                    if (queueOffset != queue.maxOffset()) {
                        throw corrupt(documentIndex, file, at, "queue offset " + queueOffset + " of " + topic + "/"
                            + queueId + ", expected " + queue.maxOffset());
                    }
                    queue.add(documentIndex, at, MessageLayout.tagsCode(payload, at));
                }
                count[0]++;
                at += size;
            }
        });
        nextPhysical = Math.max(expectedPhysical[0], 0);
        if (expectedPhysical[0] < 0) {
            minPhysical = 0;
        }
        for (StoreDirectory.SavedQueue saved : directory.readQueueOffsets()) {
            if (deleted.containsKey(saved.topic())) {
                continue;
            }
            queues.findOrCreate(saved.topic(), saved.queueId(), saved.maxOffset());
        }
        LOG.info("Chronicle store in {} opened: {} messages, physical offsets {}..{}, {} queues, scanned in {} ms",
            directory.chronicle(), count[0], minPhysical, nextPhysical, queues.size(),
            (System.nanoTime() - started) / 1_000_000);
    }

    private StorageException corrupt(long documentIndex, File file, int position, String why) {
        return new StorageException("the Chronicle store in " + directory.chronicle() + " is corrupt: document "
            + Long.toHexString(documentIndex) + " in " + file + ", byte " + position + " of its payload: " + why);
    }

    @Override
    public void shutdown() {
        synchronized (lifecycle) {
            if (!running) {
                return;
            }
            stopRunning();
            diskSync.sync(log);
            log.close();
        }
    }

    /** Stops like a killed process would: no final flush (tests). */
    void abandon() {
        synchronized (lifecycle) {
            if (!running) {
                return;
            }
            stopRunning();
            log.close();
        }
    }

    private void stopRunning() {
        appendLock.lock();
        try {
            running = false;
        } finally {
            appendLock.unlock();
        }
        if (flusher != null) {
            stopFlusher.countDown();
            try {
                flusher.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void flushPeriodically() {
        long interval = settings.flushIntervalCommitLog();
        while (!stopRequested(interval)) {
            try {
                diskSync.sync(log);
            } catch (StorageException e) {
                LOG.error("asynchronous flush failed; retrying in {} ms", interval, e);
            }
        }
    }

    /** Waits one interval; not by interrupt, which would close the flush's file channel mid-force. */
    private boolean stopRequested(long intervalMillis) {
        try {
            return stopFlusher.await(intervalMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    // ---------------------------------------------------------------- append

    @Override
    public AppendResult append(Message message) {
        AppendResult refusal = refusal();
        if (refusal != null) {
            return refusal;
        }
        MessageEncoder encoder = encoders.get();
        AppendResult rejection = AppendEncoding.encode(encoder, message, settings.maxMessageSize());
        if (rejection != null) {
            return rejection;
        }
        return commit(encoder, 1, message.topic(), message.queueId(),
            MessageSysFlag.isHiddenFromConsumeQueue(message.sysFlag()));
    }

    @Override
    public AppendResult appendBatch(List<Message> messages) {
        AppendResult refusal = refusal();
        if (refusal != null) {
            return refusal;
        }
        MessageEncoder encoder = encoders.get();
        AppendResult rejection = AppendEncoding.encodeBatch(encoder, messages, settings.maxMessageSize());
        if (rejection != null) {
            return rejection;
        }
        Message first = messages.get(0);
        return commit(encoder, messages.size(), first.topic(), first.queueId(), false);
    }

    private AppendResult commit(MessageEncoder encoder, int count, String topic, int queueId, boolean hidden) {
        ByteBuffer records = encoder.encoded();
        int length = encoder.encodedLength();
        long queueOffset;
        long physical;
        long storeTimestamp;
        long sequence;
        appendLock.lock();
        try {
            if (!running) {
                return NOT_RUNNING;
            }
            QueueIndex queue = hidden ? null : queues.findOrCreate(topic, queueId, 0);
            queueOffset = hidden ? 0 : queue.maxOffset();
            physical = nextPhysical;
            storeTimestamp = clock.millis();
            int at = 0;
            for (int i = 0; i < count; i++) {
                MessageLayout.stamp(records, at, hidden ? 0 : queueOffset + i, physical + at, storeTimestamp);
                at += MessageLayout.totalSize(records, at);
            }
            long documentIndex;
            try {
                documentIndex = log.append(records, length);
            } catch (RuntimeException e) {
                throw new StorageException("cannot append to the Chronicle store in " + directory.chronicle()
                    + ": " + e, e);
            }
            nextPhysical = physical + length;
            sequence = ++appendedSequence;
            spans.written(log.cycleOf(documentIndex), documentIndex, physical);
            at = 0;
            for (int i = 0; i < count; i++) {
                keyIndex.add(records, at, physical + at, topic);
                at += MessageLayout.totalSize(records, at);
            }
            if (!hidden) {
                at = 0;
                for (int i = 0; i < count; i++) {
                    queue.add(documentIndex, at, MessageLayout.tagsCode(records, at));
                    at += MessageLayout.totalSize(records, at);
                }
            }
        } finally {
            appendLock.unlock();
        }
        if (!hidden && !listeners.isEmpty()) {
            notifyArrivals(records, count, topic, queueId, queueOffset);
        }
        AppendStatus status = settings.flushDiskType() == FlushDiskType.SYNC_FLUSH && !syncUpTo(sequence)
            ? AppendStatus.FLUSH_DISK_TIMEOUT : AppendStatus.PUT_OK;
        return new AppendResult(status, "", queueOffset, physical, length,
            AppendEncoding.msgIds(storeHost, physical, records, count), storeTimestamp);
    }

    /**
     * Group commit: returns once append number {@code sequence} is on disk. Whoever holds the sync lock
     * forces every document written so far, so the appenders queued behind it usually find theirs covered.
     * False when the force fails (the message is stored, but not known to be durable).
     */
    private boolean syncUpTo(long sequence) {
        syncLock.lock();
        try {
            if (syncedSequence >= sequence) {
                return true;
            }
            long written = appendedSequence;
            diskSync.sync(log);
            syncedSequence = written;
            return true;
        } catch (StorageException e) {
            LOG.error("synchronous flush failed; answering FLUSH_DISK_TIMEOUT", e);
            return false;
        } finally {
            syncLock.unlock();
        }
    }

    /**
     * Tells the listeners of each appended record, lending it through the appending thread's
     * {@link RecordView} of its encoder's buffer: the stamped bytes are exactly what was stored.
     */
    private void notifyArrivals(ByteBuffer records, int count, String topic, int queueId, long queueOffset) {
        RecordView view = recordViews.get();
        int at = 0;
        for (int i = 0; i < count; i++) {
            long tagsCode = MessageLayout.tagsCode(records, at);
            int size = MessageLayout.totalSize(records, at);
            ByteBuffer record = view.of(records, at, size);
            for (MessageArrivalListener listener : listeners) {
                listener.arrived(topic, queueId, queueOffset + i, tagsCode, record);
            }
            at += size;
        }
    }

    /**
     * One appending thread's read-only view of its encoder's buffer, re-pointed at each record lent to the
     * arrival listeners. The encoder's buffer is the same for the thread's whole life, so the view is made
     * once per thread and notifying allocates nothing per message; the encoder's own position (its encoded
     * length) is never touched.
     */
    private static final class RecordView {

        private ByteBuffer source;
        private ByteBuffer view;

        ByteBuffer of(ByteBuffer records, int at, int size) {
            if (records != source) {
                view = records.asReadOnlyBuffer();
                source = records;
            }
            view.clear();
            view.position(at).limit(at + size);
            return view;
        }
    }

    /** Why appends are refused now (stopped, disk full); null while they are accepted. */
    private AppendResult refusal() {
        return running ? diskSpace.refusal() : NOT_RUNNING;
    }

    // ---------------------------------------------------------------- read

    @Override
    public ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
        QueueIndex queue = queues.find(topic, queueId);
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
        QueueScan scan = new QueueScan(offset, available, maxMessages, settings.maxTransferBytesOnMessageInMemory(),
            filter);
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

    @Override
    public long minOffset(String topic, int queueId) {
        QueueIndex queue = queues.find(topic, queueId);
        return queue == null ? 0 : queue.minOffset();
    }

    @Override
    public long maxOffset(String topic, int queueId) {
        QueueIndex queue = queues.find(topic, queueId);
        return queue == null ? 0 : queue.maxOffset();
    }

    @Override
    public long offsetByTime(String topic, int queueId, long timestampMillis) {
        QueueIndex queue = queues.find(topic, queueId);
        if (queue == null) {
            return 0;
        }
        return QueueOffsets.firstStoredAtOrAfter(queue.minOffset(), queue.maxOffset(), timestampMillis,
            queueOffset -> storeTimestampOf(queue, queueOffset));
    }

    @Override
    public OptionalLong earliestStoreTime(String topic, int queueId) {
        QueueIndex queue = queues.find(topic, queueId);
        if (queue == null) {
            return OptionalLong.empty();
        }
        return QueueOffsets.earliestStoreTime(queue.minOffset(), queue.maxOffset(),
            queueOffset -> storeTimestampOf(queue, queueOffset));
    }

    /** Store time of the message at a logical offset; -1 when it is gone (so it sorts as oldest). */
    private long storeTimestampOf(QueueIndex queue, long queueOffset) {
        long documentIndex = queue.documentIndex(queueOffset);
        ByteBuffer record = documentIndex == QueueIndex.GONE ? null
            : log.record(documentIndex, queue.position(queueOffset));
        return record == null ? -1 : MessageLayout.storeTimestamp(record, 0);
    }

    @Override
    public Optional<ByteBuffer> lookup(long commitLogOffset) {
        if (!running || commitLogOffset < minPhysical || commitLogOffset >= nextPhysical) {
            return Optional.empty();
        }
        DocumentSpans.Span span = spans.find(commitLogOffset);
        if (span == null) {
            return Optional.empty();
        }
        long low = span.firstDocument;
        long high = span.lastDocument();
        while (low < high) {
            long middle = (low + high + 1) >>> 1;
            long physical = log.firstPhysicalOffset(middle);
            if (physical < 0) {
                return Optional.empty();
            }
            if (physical <= commitLogOffset) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return Optional.ofNullable(log.recordAt(low, commitLogOffset));
    }

    @Override
    public QueryResult queryByKey(String topic, String key, int maxNum, long beginTimestamp, long endTimestamp) {
        List<ByteBuffer> found = new ArrayList<>();
        if (maxNum > 0) {
            long previous = -1;
            long deletedBefore = deletedTopics.getOrDefault(topic, -1L);
            for (long physical : keyIndex.candidates(topic, key, beginTimestamp, endTimestamp,
                maxNum + QUERY_CANDIDATE_SLACK)) {
                // the entries of one record's repeated key are adjacent in the chain
                if (physical == previous) {
                    continue;
                }
                previous = physical;
                if (physical < deletedBefore) {
                    continue;
                }
                Optional<ByteBuffer> record = lookup(physical);
                if (record.isPresent() && IndexKeys.matches(record.get(), 0, topic, key)) {
                    found.add(record.get());
                    if (found.size() == maxNum) {
                        break;
                    }
                }
            }
        }
        return new QueryResult(found, keyIndex.lastStoreTime(), keyIndex.lastOffset());
    }

    /**
     * Marks the topic deleted at the next physical offset (durably, in {@link StoreDirectory}) and forgets
     * its queue indexes, under the append lock; its key-index entries are skipped by queries from now on
     * and not rebuilt by the start-up scan. The log keeps the records until retention.
     */
    @Override
    public void deleteTopic(String topic) {
        Objects.requireNonNull(topic, "topic");
        appendLock.lock();
        try {
            if (!running) {
                throw new IllegalStateException("message store is not running");
            }
            Map<String, Long> next = new HashMap<>(deletedTopics);
            next.put(topic, nextPhysical);
            directory.writeDeletedTopics(next);
            deletedTopics = Map.copyOf(next);
            queues.remove(topic);
            directory.writeQueueOffsets(queues);
        } finally {
            appendLock.unlock();
        }
        LOG.info("deleted topic {} from the store: its records before physical offset {} are gone", topic,
            deletedTopics.get(topic));
    }

    @Override
    public void flush() {
        if (running) {
            diskSync.sync(log);
        }
    }

    @Override
    public void registerArrivalListener(MessageArrivalListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
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
    public int deleteExpiredFiles() {
        int deleted = deleteExpiredCycles();
        checkDiskSpace();
        return deleted;
    }

    private int deleteExpiredCycles() {
        long deadline = clock.millis() - settings.fileReservedTime() * 3_600_000L;
        appendLock.lock();
        try {
            if (!running) {
                return 0;
            }
            int deadlineCycle = log.cycleAt(deadline);
            List<DocumentSpans.Span> all = spans.all();
            int keepFrom = all.isEmpty() ? Integer.MAX_VALUE : all.get(all.size() - 1).cycle;
            int deleted = 0;
            boolean saved = false;
            for (long cycle : log.cycles()) {
                if (cycle >= deadlineCycle || cycle >= keepFrom) {
                    break;
                }
                if (!saved) {
                    directory.writeQueueOffsets(queues);
                    saved = true;
                }
                if (log.deleteCycle((int) cycle)) {
                    deleted++;
                }
            }
            for (DocumentSpans.Span span : all) {
                if (span.cycle < deadlineCycle && span.cycle < keepFrom) {
                    spans.remove(span);
                }
            }
            if (deleted > 0) {
                DocumentSpans.Span oldest = spans.oldest();
                long firstKept = oldest == null ? Long.MAX_VALUE : oldest.firstDocument;
                minPhysical = oldest == null ? nextPhysical : oldest.firstPhysical;
                queues.forEach((topic, queueId, queue) -> queue.dropBefore(firstKept));
                LOG.info("retention deleted {} Chronicle cycle(s); the log now starts at physical offset {}", deleted,
                    minPhysical);
            }
            return deleted;
        } finally {
            appendLock.unlock();
        }
    }

    /**
     * Refuses appends (SERVICE_NOT_AVAILABLE) while the disk holding the store is used above
     * {@code diskMaxUsedSpaceRatio} percent, and accepts them again once it is not; logs each change once.
     * Outside the append lock: measuring the disk is a system call appends need not wait for.
     */
    void checkDiskSpace() {
        double used = diskUsage.usedPercent(settings.storePathRootDir());
        DiskSpaceGuard.Change change = diskSpace.observe(used);
        if (change == DiskSpaceGuard.Change.REFUSING) {
            LOG.warn("refusing appends to the Chronicle store: {}", diskSpace.refusal().reason());
        } else if (change == DiskSpaceGuard.Change.ACCEPTING) {
            LOG.info("disk holding the Chronicle store back to {}% used: accepting appends again", Math.round(used));
        }
    }

    /** Physical offset of the next record (for tests and admin statistics). */
    public long commitLogMaxOffset() {
        return nextPhysical;
    }

    /** Physical offset of the oldest retained record, which retention moves. */
    public long commitLogMinOffset() {
        return minPhysical;
    }
}

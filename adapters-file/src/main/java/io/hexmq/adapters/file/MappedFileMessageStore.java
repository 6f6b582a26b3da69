package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.AppendTicket;
import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.commitlog.QueueCounter;
import io.hexmq.adapters.file.consumequeue.ConsumeQueue;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueEntryLayout;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.domain.message.AppendEncoding;
import io.hexmq.domain.message.DiskSpaceGuard;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.QueueOffsets;
import io.hexmq.domain.message.QueueScan;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.time.port.Clock;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * <p>Append: encode into this thread's reused buffer, resolve the queue counter, then the commit log's
 * single-writer section (position, stamp, copy), then dispatch into the consume queues (so the message is
 * readable on return), then, under {@link FlushDiskType#SYNC_FLUSH}, wait for the group commit.
 *
 * <p>Recovery: after a clean shutdown the checkpoint is trusted. After a crash every record from the
 * checkpoint's flushed offset (or from the oldest segment) is verified, the log is cut at the first bad
 * one, consume-queue entries beyond the cut are removed and missing ones re-dispatched; the key index is
 * trimmed to where dispatching restarts and rebuilt from there.
 *
 * <p>Retention and disk space are driven from outside: the scheduler calls {@link #deleteExpiredFiles()}
 * and {@link #checkDiskSpace()}.
 */
public final class MappedFileMessageStore implements MessageStore {

    private static final Logger LOG = LoggerFactory.getLogger(MappedFileMessageStore.class);
    /** Consume-queue entries one read looks at, at most (RocketMQ scans 16,000 bytes of entries). */
    private static final int MAX_SCANNED_ENTRIES = 800;
    /** Candidates a key query may reject (shared hashes) beyond the maxNum it returns. */
    private static final int QUERY_CANDIDATE_SLACK = 32;
    private static final AppendResult NOT_RUNNING =
        AppendResult.rejected(AppendStatus.SERVICE_NOT_AVAILABLE, "message store is not running");

    private final FileStoreSettings settings;
    private final HostAddress storeHost;
    private final Clock clock;
    private final DiskUsage diskUsage;
    private final DiskSpaceGuard diskSpace;
    private final Path root;
    private final Path abortFile;
    private final CommitLog commitLog;
    private final ConsumeQueueTable queues;
    private final MessageIndex index;
    private final Dispatcher dispatcher;
    private final Checkpoint checkpoint;
    private final DeletedTopics deletedTopics;
    private final ThreadLocal<AppendContext> appendContexts;
    private final Object lifecycle = new Object();
    private QueueCounters counters;
    private FlushService flushService;
    private boolean used;
    private volatile boolean running;

    public MappedFileMessageStore(FileStoreSettings settings, HostAddress storeHost, Clock clock, DiskUsage diskUsage) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.storeHost = Objects.requireNonNull(storeHost, "storeHost");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.diskUsage = Objects.requireNonNull(diskUsage, "diskUsage");
        this.root = settings.storePathRootDir();
        this.diskSpace = new DiskSpaceGuard(settings.diskMaxUsedSpaceRatio(), root.toString());
        this.abortFile = root.resolve("abort");
        this.commitLog = new CommitLog(root.resolve("commitlog"), settings.mappedFileSizeCommitLog(),
            settings.maxRecordLength(), clock);
        this.queues = new ConsumeQueueTable(root.resolve("consumequeue"), settings.mappedFileSizeConsumeQueue());
        this.index = new MessageIndex(root.resolve("index"), settings.maxHashSlotNum(), settings.maxIndexNum(), clock);
        this.deletedTopics = new DeletedTopics(root.resolve("deletedtopics"));
        this.dispatcher = new Dispatcher(commitLog, queues, index, deletedTopics);
        this.checkpoint = new Checkpoint(root.resolve("checkpoint"));
        int maxRecordLength = settings.maxRecordLength();
        this.appendContexts = ThreadLocal.withInitial(() -> new AppendContext(maxRecordLength, storeHost));
    }

    public MappedFileMessageStore(FileStoreSettings settings, HostAddress storeHost, Clock clock) {
        this(settings, storeHost, clock, DiskUsage.fileSystem());
    }

    /** Per appending thread: the reused encode buffer and the landing spot of the last append. */
    private static final class AppendContext {
        final MessageEncoder encoder;
        final AppendTicket ticket = new AppendTicket();

        AppendContext(int maxRecordLength, HostAddress storeHost) {
            this.encoder = new MessageEncoder(maxRecordLength, storeHost);
        }
    }

    // ---------------------------------------------------------------- lifecycle

    @Override
    public void start() {
        synchronized (lifecycle) {
            if (used) {
                throw new IllegalStateException("a store starts once; create a new one to reopen the files");
            }
            used = true;
            try {
                Files.createDirectories(root);
                boolean crashed = Files.exists(abortFile);
                Optional<Checkpoint.Values> saved = checkpoint.read();
                commitLog.load();
                queues.load();
                deletedTopics.load();
                for (String topic : queues.topics()) {
                    long deletedAt = deletedTopics.deletedAt(topic);
                    if (deletedAt > 0) {
                        queues.deleteStale(topic, deletedAt);
                    }
                }
                index.load();
                boolean clean = !crashed && saved.isPresent();
                long trusted = saved.map(Checkpoint.Values::commitLogFlushed).orElse(0L);
                long end = commitLog.recover(trusted, !clean);
                queues.truncateBeyond(end);
                long dispatchFrom = Math.max(commitLog.minOffset(),
                    Math.min(end, saved.map(Checkpoint.Values::dispatchedFlushed).orElse(0L)));
                index.trimFrom(dispatchFrom, commitLog::storeTimestampAt);
                dispatcher.recover(dispatchFrom);
                queues.correctMinOffsets(commitLog.minOffset());
                counters = new QueueCounters(queues);
                if (!crashed) {
                    Files.createFile(abortFile);
                }
                if (!crashed && saved.isEmpty() && end == 0) {
                    LOG.info("new store in {}", root);
                } else {
                    LOG.info("store recovered {} shutdown: commit log {}..{}, {} consume queues",
                        clean ? "after a clean" : "after an unclean", commitLog.minOffset(), end, queues.all().size());
                }
            } catch (IOException e) {
                throw new StorageException("cannot start the store in " + root, e);
            }
            checkDiskSpace();
            flushService = new FlushService(commitLog, queues, index, dispatcher, checkpoint, clock, settings);
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
            dispatcher.dispatchUpTo(commitLog.writtenOffset());
            flushService.checkpointNow();
            try {
                Files.deleteIfExists(abortFile);
            } catch (IOException e) {
                throw new StorageException("cannot remove " + abortFile, e);
            }
            commitLog.close();
            queues.close();
            index.close();
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
            commitLog.close();
            queues.close();
            index.close();
        }
    }

    // ---------------------------------------------------------------- append

    @Override
    public AppendResult append(Message message) {
        AppendResult refusal = refusal();
        if (refusal != null) {
            return refusal;
        }
        AppendContext context = appendContexts.get();
        AppendResult rejection = AppendEncoding.encode(context.encoder, message, settings.maxMessageSize());
        if (rejection != null) {
            return rejection;
        }
        QueueCounter counter = MessageSysFlag.isHiddenFromConsumeQueue(message.sysFlag())
            ? null : counters.forQueue(message.topic(), message.queueId());
        return commit(context, 1, counter);
    }

    @Override
    public AppendResult appendBatch(List<Message> messages) {
        AppendResult refusal = refusal();
        if (refusal != null) {
            return refusal;
        }
        AppendContext context = appendContexts.get();
        AppendResult rejection = AppendEncoding.encodeBatch(context.encoder, messages, settings.maxMessageSize());
        if (rejection != null) {
            return rejection;
        }
        Message first = messages.get(0);
        return commit(context, messages.size(), counters.forQueue(first.topic(), first.queueId()));
    }

    private AppendResult commit(AppendContext context, int count, QueueCounter counter) {
        MessageEncoder encoder = context.encoder;
        AppendTicket ticket = context.ticket;
        CommitLog.AppendOutcome outcome = commitLog.append(encoder.encoded(), encoder.encodedLength(), count, counter,
            ticket);
        if (outcome != CommitLog.AppendOutcome.OK) {
            return AppendResult.rejected(AppendStatus.CREATE_MAPPED_FILE_FAILED,
                "cannot create a commit-log segment in " + root);
        }
        long end = ticket.endOffset();
        dispatcher.dispatchUpTo(end);
        AppendStatus status = AppendStatus.PUT_OK;
        if (settings.flushDiskType() == FlushDiskType.SYNC_FLUSH
            && !flushService.awaitFlushed(end, settings.syncFlushTimeout())) {
            status = AppendStatus.FLUSH_DISK_TIMEOUT;
        }
        List<String> msgIds = AppendEncoding.msgIds(storeHost, ticket.physicalOffset(), encoder.encoded(), count);
        return new AppendResult(status, "", ticket.queueOffset(), ticket.physicalOffset(), ticket.length(), msgIds,
            ticket.storeTimestamp());
    }

    private AppendResult refusal() {
        if (!running) {
            return NOT_RUNNING;
        }
        return diskSpace.refusal();
    }

    // ---------------------------------------------------------------- read

    @Override
    public ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
        ConsumeQueue queue = queues.find(topic, queueId);
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
        QueueScan scan = new QueueScan(offset, available, maxMessages, settings.maxTransferBytesOnMessageInMemory(),
            filter);
        long commitLogMin = commitLog.minOffset();
        while (scan.hasNext()) {
            int at = scan.scanned() * ConsumeQueueEntryLayout.ENTRY_LENGTH;
            long commitLogOffset = ConsumeQueueEntryLayout.commitLogOffset(entries, at);
            int size = ConsumeQueueEntryLayout.size(entries, at);
            if (commitLogOffset < commitLogMin) {
                scan.skipRemoved();
            } else if (scan.matchesTagsCode(ConsumeQueueEntryLayout.tagsCode(entries, at))
                && !scan.exceedsBudget(size)) {
                ByteBuffer record = commitLog.record(commitLogOffset, size);
                if (record == null) {
                    scan.skipRemoved();
                } else {
                    scan.offer(record);
                }
            }
        }
        return scan.result(min, max);
    }

    @Override
    public long minOffset(String topic, int queueId) {
        ConsumeQueue queue = queues.find(topic, queueId);
        return queue == null ? 0 : queue.minOffset();
    }

    @Override
    public long maxOffset(String topic, int queueId) {
        ConsumeQueue queue = queues.find(topic, queueId);
        return queue == null ? 0 : queue.maxOffset();
    }

    @Override
    public long offsetByTime(String topic, int queueId, long timestampMillis) {
        ConsumeQueue queue = queues.find(topic, queueId);
        if (queue == null) {
            return 0;
        }
        return QueueOffsets.firstStoredAtOrAfter(queue.minOffset(), queue.maxOffset(), timestampMillis,
            queueOffset -> storeTimestampOf(queue, queueOffset));
    }

    @Override
    public OptionalLong earliestStoreTime(String topic, int queueId) {
        ConsumeQueue queue = queues.find(topic, queueId);
        if (queue == null) {
            return OptionalLong.empty();
        }
        return QueueOffsets.earliestStoreTime(queue.minOffset(), queue.maxOffset(),
            queueOffset -> storeTimestampOf(queue, queueOffset));
    }

    /** Store time of the message at a logical offset; -1 when it is gone (so it sorts as oldest). */
    private long storeTimestampOf(ConsumeQueue queue, long queueOffset) {
        long commitLogOffset = queue.commitLogOffsetAt(queueOffset);
        return commitLogOffset < 0 ? -1 : commitLog.storeTimestampAt(commitLogOffset);
    }

    @Override
    public Optional<ByteBuffer> lookup(long commitLogOffset) {
        return Optional.ofNullable(commitLog.record(commitLogOffset));
    }

    @Override
    public QueryResult queryByKey(String topic, String key, int maxNum, long beginTimestamp, long endTimestamp) {
        List<ByteBuffer> found = new ArrayList<>();
        if (maxNum > 0) {
            long previous = -1;
            long deletedBefore = deletedTopics.deletedAt(topic);
            for (long offset : index.candidates(topic, key, beginTimestamp, endTimestamp,
                maxNum + QUERY_CANDIDATE_SLACK)) {
                // the entries of one record's repeated key are adjacent in the walk
                if (offset == previous) {
                    continue;
                }
                previous = offset;
                if (offset < deletedBefore) {
                    continue;
                }
                ByteBuffer record = commitLog.record(offset);
                if (record != null && matches(record, topic, key, beginTimestamp, endTimestamp)) {
                    found.add(record);
                    if (found.size() == maxNum) {
                        break;
                    }
                }
            }
        }
        return new QueryResult(found, index.lastUpdateTimestamp(), index.lastUpdateCommitLogOffset());
    }

    private static boolean matches(ByteBuffer record, String topic, String key, long begin, long end) {
        long storedAt = MessageLayout.storeTimestamp(record, 0);
        return storedAt >= begin && storedAt <= end && IndexKeys.matches(record, 0, topic, key);
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
            dispatcher.deleteTopic(topic, () -> counters.removeTopic(topic));
        }
        LOG.info("deleted topic {} from the store: its records before commit-log offset {} are gone", topic,
            deletedTopics.deletedAt(topic));
    }

    @Override
    public void flush() {
        dispatcher.dispatchUpTo(commitLog.writtenOffset());
        queues.flushAll();
        index.flush();
        commitLog.flush();
    }

    @Override
    public void registerArrivalListener(MessageArrivalListener listener) {
        dispatcher.addListener(Objects.requireNonNull(listener, "listener"));
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
        long deadline = clock.millis() - settings.fileReservedTime() * 3_600_000L;
        long dispatched = dispatcher.dispatchedOffset();
        int deleted = 0;
        List<MappedFile> segments = commitLog.segments();
        for (int i = 0; i + 1 < segments.size(); i++) {
            MappedFile segment = segments.get(i);
            MappedFile next = segments.get(i + 1);
            if (next.writePosition() == 0 || segment.fromOffset() + segment.size() > dispatched) {
                break;
            }
            long newestInSegment = commitLog.storeTimestampAt(next.fromOffset());
            if (newestInSegment < 0 || newestInSegment >= deadline) {
                break;
            }
            commitLog.deleteOldestSegment();
            deleted++;
        }
        if (deleted > 0) {
            queues.correctMinOffsets(commitLog.minOffset());
            index.deleteBefore(commitLog.minOffset());
            deletedTopics.forgetUpTo(commitLog.minOffset());
            LOG.info("retention deleted {} commit-log segment(s); commit log now starts at {}", deleted,
                commitLog.minOffset());
        }
        checkDiskSpace();
        return deleted;
    }

    /**
     * Refuses appends (SERVICE_NOT_AVAILABLE) while the disk holding the store is used above
     * {@code diskMaxUsedSpaceRatio} percent, and accepts them again once it is not.
     */
    public void checkDiskSpace() {
        double used = diskUsage.usedPercent(root);
        switch (diskSpace.observe(used)) {
            case REFUSING -> LOG.warn("refusing appends: {}", diskSpace.refusal().reason());
            case ACCEPTING -> LOG.info("disk usage back to {}%: accepting appends again", Math.round(used));
            case NONE -> { }
        }
    }

    /** The commit log's end (for tests and admin statistics). */
    public long commitLogMaxOffset() {
        return commitLog.writtenOffset();
    }

    /** How far the commit log is known to be on disk. */
    long commitLogFlushedOffset() {
        return commitLog.flushedOffset();
    }

    /** The commit log's start, which retention moves. */
    public long commitLogMinOffset() {
        return commitLog.minOffset();
    }
}

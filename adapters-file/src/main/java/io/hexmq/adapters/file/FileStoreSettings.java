package io.hexmq.adapters.file;

import io.hexmq.domain.message.MessageLayout;
import io.hexmq.storage.DiskSpaceGuard;
import io.hexmq.storage.FlushDiskType;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Settings of the file store, with RocketMQ's property names and defaults. Validated once, here.
 *
 * @param storePathRootDir root directory: {@code commitlog/}, {@code consumequeue/}, {@code index/}, {@code checkpoint}, {@code abort}
 * @param mappedFileSizeCommitLog bytes per commit-log segment (default 1 GiB)
 * @param mappedFileSizeConsumeQueue bytes per consume-queue segment, a multiple of 20 (default 300,000 entries)
 * @param flushDiskType {@link FlushDiskType#ASYNC_FLUSH} (default) or {@link FlushDiskType#SYNC_FLUSH}
 * @param flushIntervalCommitLog ms between asynchronous commit-log flushes (default 500)
 * @param flushIntervalConsumeQueue ms between consume-queue flushes and checkpoints (default 1000)
 * @param syncFlushTimeout ms an append waits for its synchronous flush before FLUSH_DISK_TIMEOUT (default 5000)
 * @param fileReservedTime hours a commit-log segment is kept after its last message (default 72)
 * @param diskMaxUsedSpaceRatio percent of disk use above which appends are refused (default 75)
 * @param maxMessageSize largest body in bytes (default 4 MiB)
 * @param maxTransferBytesOnMessageInMemory byte budget of one read (default 256 KiB; one message always fits)
 * @param maxHashSlotNum hash slots per key-index file (default 5,000,000)
 * @param maxIndexNum entries per key-index file (default 20,000,000; a file is then about 420 MB)
 */
public record FileStoreSettings(
    Path storePathRootDir,
    int mappedFileSizeCommitLog,
    int mappedFileSizeConsumeQueue,
    FlushDiskType flushDiskType,
    int flushIntervalCommitLog,
    int flushIntervalConsumeQueue,
    long syncFlushTimeout,
    int fileReservedTime,
    int diskMaxUsedSpaceRatio,
    int maxMessageSize,
    int maxTransferBytesOnMessageInMemory,
    int maxHashSlotNum,
    int maxIndexNum) {

    public static final int DEFAULT_MAPPED_FILE_SIZE_COMMIT_LOG = 1024 * 1024 * 1024;
    public static final int DEFAULT_MAPPED_FILE_SIZE_CONSUME_QUEUE = 300_000 * 20;
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 4 * 1024 * 1024;
    public static final int DEFAULT_MAX_HASH_SLOT_NUM = 5_000_000;
    public static final int DEFAULT_MAX_INDEX_NUM = 20_000_000;
    /** Key-index file header (40) + 4 per slot + 20 per entry must fit one mapping. */
    private static final long MAX_INDEX_FILE_SIZE = Integer.MAX_VALUE;

    public FileStoreSettings {
        Objects.requireNonNull(storePathRootDir, "storePathRootDir");
        Objects.requireNonNull(flushDiskType, "flushDiskType");
        positive("mappedFileSizeConsumeQueue", mappedFileSizeConsumeQueue);
        positive("flushIntervalCommitLog", flushIntervalCommitLog);
        positive("flushIntervalConsumeQueue", flushIntervalConsumeQueue);
        positive("syncFlushTimeout", syncFlushTimeout);
        positive("fileReservedTime", fileReservedTime);
        positive("maxMessageSize", maxMessageSize);
        positive("maxTransferBytesOnMessageInMemory", maxTransferBytesOnMessageInMemory);
        positive("maxHashSlotNum", maxHashSlotNum);
        positive("maxIndexNum", maxIndexNum);
        if (40 + 4L * maxHashSlotNum + 20L * (maxIndexNum + 1L) > MAX_INDEX_FILE_SIZE) {
            throw new IllegalArgumentException("an index file of maxHashSlotNum " + maxHashSlotNum + " and maxIndexNum "
                + maxIndexNum + " exceeds 2 GiB");
        }
        if (mappedFileSizeConsumeQueue % 20 != 0) {
            throw new IllegalArgumentException(
                "mappedFileSizeConsumeQueue must be a multiple of 20 (one entry): " + mappedFileSizeConsumeQueue);
        }
        DiskSpaceGuard.checkRatio(diskMaxUsedSpaceRatio);
        long needed = (long) maxMessageSize + RECORD_OVERHEAD + MessageLayout.BLANK_RECORD_MIN_LENGTH;
        if (mappedFileSizeCommitLog < needed) {
            throw new IllegalArgumentException("mappedFileSizeCommitLog " + mappedFileSizeCommitLog
                + " cannot hold the largest record; needs at least maxMessageSize + " + (needed - maxMessageSize));
        }
    }

    /** Header, IPv6 hosts, longest topic and properties: what a record may add to its body. */
    private static final int RECORD_OVERHEAD = MessageLayout.FIXED_LENGTH_WITHOUT_HOSTS + 2 * 20
        + MessageLayout.MAX_TOPIC_LENGTH + MessageLayout.MAX_PROPERTIES_LENGTH;

    /** RocketMQ's defaults under {@code root}. */
    public static FileStoreSettings defaults(Path root) {
        return new FileStoreSettings(root, DEFAULT_MAPPED_FILE_SIZE_COMMIT_LOG, DEFAULT_MAPPED_FILE_SIZE_CONSUME_QUEUE,
            FlushDiskType.ASYNC_FLUSH, 500, 1000, 5000, 72, 75, DEFAULT_MAX_MESSAGE_SIZE, 256 * 1024,
            DEFAULT_MAX_HASH_SLOT_NUM, DEFAULT_MAX_INDEX_NUM);
    }

    /** The largest record (or batch of records) an append accepts. */
    public int maxRecordLength() {
        return maxMessageSize + RECORD_OVERHEAD;
    }

    public FileStoreSettings withMappedFileSizeCommitLog(int value) {
        return new FileStoreSettings(storePathRootDir, value, mappedFileSizeConsumeQueue, flushDiskType,
            flushIntervalCommitLog, flushIntervalConsumeQueue, syncFlushTimeout, fileReservedTime,
            diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory, maxHashSlotNum,
            maxIndexNum);
    }

    public FileStoreSettings withMappedFileSizeConsumeQueue(int value) {
        return new FileStoreSettings(storePathRootDir, mappedFileSizeCommitLog, value, flushDiskType,
            flushIntervalCommitLog, flushIntervalConsumeQueue, syncFlushTimeout, fileReservedTime,
            diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory, maxHashSlotNum,
            maxIndexNum);
    }

    public FileStoreSettings withFlushDiskType(FlushDiskType value) {
        return new FileStoreSettings(storePathRootDir, mappedFileSizeCommitLog, mappedFileSizeConsumeQueue, value,
            flushIntervalCommitLog, flushIntervalConsumeQueue, syncFlushTimeout, fileReservedTime,
            diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory, maxHashSlotNum,
            maxIndexNum);
    }

    public FileStoreSettings withFlushIntervals(int commitLogMillis, int consumeQueueMillis) {
        return new FileStoreSettings(storePathRootDir, mappedFileSizeCommitLog, mappedFileSizeConsumeQueue,
            flushDiskType, commitLogMillis, consumeQueueMillis, syncFlushTimeout, fileReservedTime,
            diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory, maxHashSlotNum,
            maxIndexNum);
    }

    public FileStoreSettings withFileReservedTime(int hours) {
        return new FileStoreSettings(storePathRootDir, mappedFileSizeCommitLog, mappedFileSizeConsumeQueue,
            flushDiskType, flushIntervalCommitLog, flushIntervalConsumeQueue, syncFlushTimeout, hours,
            diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory, maxHashSlotNum,
            maxIndexNum);
    }

    public FileStoreSettings withDiskMaxUsedSpaceRatio(int percent) {
        return new FileStoreSettings(storePathRootDir, mappedFileSizeCommitLog, mappedFileSizeConsumeQueue,
            flushDiskType, flushIntervalCommitLog, flushIntervalConsumeQueue, syncFlushTimeout, fileReservedTime,
            percent, maxMessageSize, maxTransferBytesOnMessageInMemory, maxHashSlotNum, maxIndexNum);
    }

    public FileStoreSettings withMaxMessageSize(int bytes) {
        return new FileStoreSettings(storePathRootDir, mappedFileSizeCommitLog, mappedFileSizeConsumeQueue,
            flushDiskType, flushIntervalCommitLog, flushIntervalConsumeQueue, syncFlushTimeout, fileReservedTime,
            diskMaxUsedSpaceRatio, bytes, maxTransferBytesOnMessageInMemory, maxHashSlotNum, maxIndexNum);
    }

    /** The key index's shape: slots and entries per index file. */
    public FileStoreSettings withIndex(int slots, int entries) {
        return new FileStoreSettings(storePathRootDir, mappedFileSizeCommitLog, mappedFileSizeConsumeQueue,
            flushDiskType, flushIntervalCommitLog, flushIntervalConsumeQueue, syncFlushTimeout, fileReservedTime,
            diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory, slots, entries);
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }
}

package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.index.KeyIndex;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.storage.DiskSpaceGuard;
import io.hexmq.storage.FlushDiskType;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import net.openhft.chronicle.queue.RollCycles;

/**
 * Settings of the Chronicle store, with RocketMQ's property names where one exists. Validated once, here.
 *
 * @param storePathRootDir root directory: {@code chronicle/} (the Chronicle queue), {@code hexmq-chronicle.properties}
 *     (format marker), the indexes and their checkpoint and the other files of {@code StoreDirectory}
 * @param rollCycle the name of a Chronicle {@code RollCycles} constant: how long one cycle file covers
 *     (default {@code FAST_DAILY}); retention deletes whole cycles
 * @param flushDiskType {@link FlushDiskType#ASYNC_FLUSH} (default) or {@link FlushDiskType#SYNC_FLUSH}
 * @param flushIntervalCommitLog ms between asynchronous flushes (default 500)
 * @param fileReservedTime hours a cycle is kept after its last message (default 72)
 * @param diskMaxUsedSpaceRatio percent of disk use above which appends are refused (default 75)
 * @param maxMessageSize largest body in bytes (default 4 MiB)
 * @param maxTransferBytesOnMessageInMemory byte budget of one read (default 256 KiB; one message always fits)
 * @param maxIndexNum keys the key index holds, newest kept (default 1,000,000: a 42 MB mapped file,
 *     at most {@value KeyIndex#MAX_CAPACITY}); an older message is no longer found by key, though still by offset
 * @param flushIntervalConsumeQueue ms between checkpoints of the consume queues and the key index (default
 *     1000): what a start after a crash scans again
 */
public record ChronicleStoreSettings(
    Path storePathRootDir,
    String rollCycle,
    FlushDiskType flushDiskType,
    int flushIntervalCommitLog,
    int fileReservedTime,
    int diskMaxUsedSpaceRatio,
    int maxMessageSize,
    int maxTransferBytesOnMessageInMemory,
    int maxIndexNum,
    int flushIntervalConsumeQueue) {

    public static final String DEFAULT_ROLL_CYCLE = "FAST_DAILY";
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 4 * 1024 * 1024;
    public static final int DEFAULT_MAX_INDEX_NUM = 1_000_000;

    /** Header, IPv6 hosts, longest topic and properties: what a record may add to its body. */
    private static final int RECORD_OVERHEAD = MessageLayout.FIXED_LENGTH_WITHOUT_HOSTS + 2 * 20
        + MessageLayout.MAX_TOPIC_LENGTH + MessageLayout.MAX_PROPERTIES_LENGTH;

    public ChronicleStoreSettings {
        Objects.requireNonNull(storePathRootDir, "storePathRootDir");
        Objects.requireNonNull(rollCycle, "rollCycle");
        Objects.requireNonNull(flushDiskType, "flushDiskType");
        if (Arrays.stream(RollCycles.values()).noneMatch(cycle -> cycle.name().equals(rollCycle))) {
            throw new IllegalArgumentException("rollCycle must be one of " + Arrays.toString(RollCycles.values())
                + ": " + rollCycle);
        }
        positive("flushIntervalCommitLog", flushIntervalCommitLog);
        positive("fileReservedTime", fileReservedTime);
        positive("maxMessageSize", maxMessageSize);
        positive("maxTransferBytesOnMessageInMemory", maxTransferBytesOnMessageInMemory);
        positive("maxIndexNum", maxIndexNum);
        if (maxIndexNum > KeyIndex.MAX_CAPACITY) {
            throw new IllegalArgumentException("maxIndexNum must be at most " + KeyIndex.MAX_CAPACITY + ": "
                + maxIndexNum);
        }
        positive("flushIntervalConsumeQueue", flushIntervalConsumeQueue);
        DiskSpaceGuard.checkRatio(diskMaxUsedSpaceRatio);
    }

    /** RocketMQ's defaults (and Chronicle's default roll cycle) under {@code root}. */
    public static ChronicleStoreSettings defaults(Path root) {
        return new ChronicleStoreSettings(root, DEFAULT_ROLL_CYCLE, FlushDiskType.ASYNC_FLUSH, 500, 72, 75,
            DEFAULT_MAX_MESSAGE_SIZE, 256 * 1024, DEFAULT_MAX_INDEX_NUM, 1000);
    }

    /** The largest record (or batch of records) one append accepts: one Chronicle document at most. */
    public int maxRecordLength() {
        return maxMessageSize + RECORD_OVERHEAD;
    }

    RollCycles chronicleRollCycle() {
        return RollCycles.valueOf(rollCycle);
    }

    public ChronicleStoreSettings withRollCycle(String value) {
        return new ChronicleStoreSettings(storePathRootDir, value, flushDiskType, flushIntervalCommitLog,
            fileReservedTime, diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory,
            maxIndexNum, flushIntervalConsumeQueue);
    }

    public ChronicleStoreSettings withFlushDiskType(FlushDiskType value) {
        return new ChronicleStoreSettings(storePathRootDir, rollCycle, value, flushIntervalCommitLog, fileReservedTime,
            diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory,
            maxIndexNum, flushIntervalConsumeQueue);
    }

    public ChronicleStoreSettings withFlushIntervalCommitLog(int millis) {
        return new ChronicleStoreSettings(storePathRootDir, rollCycle, flushDiskType, millis, fileReservedTime,
            diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory,
            maxIndexNum, flushIntervalConsumeQueue);
    }

    public ChronicleStoreSettings withFileReservedTime(int hours) {
        return new ChronicleStoreSettings(storePathRootDir, rollCycle, flushDiskType, flushIntervalCommitLog, hours,
            diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory,
            maxIndexNum, flushIntervalConsumeQueue);
    }

    public ChronicleStoreSettings withDiskMaxUsedSpaceRatio(int percent) {
        return new ChronicleStoreSettings(storePathRootDir, rollCycle, flushDiskType, flushIntervalCommitLog,
            fileReservedTime, percent, maxMessageSize, maxTransferBytesOnMessageInMemory,
            maxIndexNum, flushIntervalConsumeQueue);
    }

    public ChronicleStoreSettings withMaxMessageSize(int bytes) {
        return new ChronicleStoreSettings(storePathRootDir, rollCycle, flushDiskType, flushIntervalCommitLog,
            fileReservedTime, diskMaxUsedSpaceRatio, bytes, maxTransferBytesOnMessageInMemory,
            maxIndexNum, flushIntervalConsumeQueue);
    }

    public ChronicleStoreSettings withMaxIndexNum(int keys) {
        return new ChronicleStoreSettings(storePathRootDir, rollCycle, flushDiskType, flushIntervalCommitLog,
            fileReservedTime, diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory,
            keys, flushIntervalConsumeQueue);
    }

    public ChronicleStoreSettings withFlushIntervalConsumeQueue(int millis) {
        return new ChronicleStoreSettings(storePathRootDir, rollCycle, flushDiskType, flushIntervalCommitLog,
            fileReservedTime, diskMaxUsedSpaceRatio, maxMessageSize, maxTransferBytesOnMessageInMemory, maxIndexNum,
            millis);
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }
}

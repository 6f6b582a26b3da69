package io.hexmq.storage;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import java.util.Objects;

/**
 * The disk-full rule every {@link io.hexmq.domain.message.port.MessageStore} adapter applies to appends:
 * while the disk holding the store is used above {@code diskMaxUsedSpaceRatio} percent, appends are
 * refused with {@link AppendStatus#SERVICE_NOT_AVAILABLE}; once it is not, they are accepted again.
 *
 * <p>The adapter measures the disk (this class touches no file) and reports each reading to
 * {@link #observe}; the {@link Change} it gets back says when to log, so that a full disk is logged once
 * when refusing starts and once when it ends, not at every reading. Readings come from the store's start
 * and its maintenance schedule, seconds apart; {@link #refusal()} is read by every append and costs one
 * volatile read.
 */
public final class DiskSpaceGuard {

    /** The lowest and highest {@code diskMaxUsedSpaceRatio} a store accepts, in percent. */
    public static final int MIN_RATIO = 10;
    public static final int MAX_RATIO = 95;

    /** What a reading changed. */
    public enum Change {
        /** Appends are refused or accepted as before. */
        NONE,
        /** The disk is full now: appends are refused from here on. */
        REFUSING,
        /** The disk has room again: appends are accepted from here on. */
        ACCEPTING
    }

    private final int diskMaxUsedSpaceRatio;
    private final String location;
    /** Null while appends are accepted; written only under this object's monitor. */
    private volatile AppendResult refusal;

    /**
     * @param diskMaxUsedSpaceRatio percent of disk use above which appends are refused
     * @param location where the store keeps its data, named in the refusal's remark
     */
    public DiskSpaceGuard(int diskMaxUsedSpaceRatio, String location) {
        this.diskMaxUsedSpaceRatio = checkRatio(diskMaxUsedSpaceRatio);
        this.location = Objects.requireNonNull(location, "location");
    }

    /** {@code diskMaxUsedSpaceRatio} when it is a ratio a store accepts; an IllegalArgumentException otherwise. */
    public static int checkRatio(int diskMaxUsedSpaceRatio) {
        if (diskMaxUsedSpaceRatio < MIN_RATIO || diskMaxUsedSpaceRatio > MAX_RATIO) {
            throw new IllegalArgumentException("diskMaxUsedSpaceRatio must be " + MIN_RATIO + ".." + MAX_RATIO
                + " percent: " + diskMaxUsedSpaceRatio);
        }
        return diskMaxUsedSpaceRatio;
    }

    /**
     * Used percent of a disk of {@code totalBytes}, {@code freeBytes} of them free and {@code usableBytes} of those
     * free to this process, as RocketMQ measures it: the used bytes against the used and usable ones, so blocks
     * reserved for root count as neither, rounded up to a whole percent. 0 for no disk.
     */
    public static double usedPercent(long totalBytes, long freeBytes, long usableBytes) {
        long used = totalBytes - freeBytes;
        long entire = used + usableBytes;
        if (totalBytes <= 0 || entire <= 0) {
            return 0;
        }
        return Math.ceil(used * 100.0 / entire);
    }

    /** Takes a reading of the disk's used space, in percent, and says whether it changed what appends get. */
    public synchronized Change observe(double usedPercent) {
        if (usedPercent > diskMaxUsedSpaceRatio) {
            if (refusal != null) {
                return Change.NONE;
            }
            refusal = AppendResult.rejected(AppendStatus.SERVICE_NOT_AVAILABLE, "disk full: "
                + Math.round(usedPercent) + "% of the disk holding " + location
                + " is used, above diskMaxUsedSpaceRatio " + diskMaxUsedSpaceRatio + "%");
            return Change.REFUSING;
        }
        if (refusal == null) {
            return Change.NONE;
        }
        refusal = null;
        return Change.ACCEPTING;
    }

    /** What an append gets while the disk is full; null while appends are accepted. */
    public AppendResult refusal() {
        return refusal;
    }
}

package io.hexmq.application.broker;

import io.hexmq.domain.replication.GroupStatus;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Live figures GET_BROKER_RUNTIME_INFO reports that other components own: executor queues (bootstrap
 * creates the executors), store extent and disk use (the store adapter knows them), a replica's place in its
 * broker group (the group's log knows it), the delay levels' progress ({@link DelayLevelOffsets}). Each is read when an admin asks, never on a hot path. Build with
 * {@link #builder()}; an unset gauge reads 0, which is the true figure for a queue that does not exist, and
 * a broker on its own has no group status.
 *
 * @param storeDiskRatio used fraction (0.0 to 1.0) of the disk holding the store's root, where both the
 *                       commit log and the consume queues live
 * @param commitLogDiskRatios the commit log's directory (RocketMQ's storePathCommitLog) → used fraction of its disk;
 *                            empty for a store with no files
 * @param undispatchedBytes commit-log bytes no consume queue or key index points into yet
 * @param unflushedBytes commit-log bytes not yet known to be on disk
 */
public record RuntimeGauges(
        PoolQueue sendPool,
        PoolQueue pullPool,
        PoolQueue adminPool,
        LongSupplier pageCacheLockTimeMills,
        LongSupplier earliestMessageTimeStamp,
        DoubleSupplier storeDiskRatio,
        DiskSpace storeDisk,
        Supplier<SortedMap<String, Double>> commitLogDiskRatios,
        LongSupplier undispatchedBytes,
        LongSupplier unflushedBytes,
        LongSupplier commitLogMinOffset,
        LongSupplier commitLogMaxOffset,
        Supplier<SortedMap<Integer, DelayLevelOffsets.Level>> delayLevels,
        Supplier<Optional<GroupStatus>> groupStatus) {

    /** The queue in front of one executor: tasks waiting, how long the head has waited (ms), its capacity. */
    public record PoolQueue(LongSupplier size, LongSupplier headWaitMillis, LongSupplier capacity) {

        static final PoolQueue NONE = new PoolQueue(() -> 0, () -> 0, () -> 0);

        public PoolQueue {
            Objects.requireNonNull(size, "size");
            Objects.requireNonNull(headWaitMillis, "headWaitMillis");
            Objects.requireNonNull(capacity, "capacity");
        }
    }

    /** Total and free bytes of the disk holding the store. */
    public record DiskSpace(LongSupplier totalBytes, LongSupplier freeBytes) {

        static final DiskSpace NONE = new DiskSpace(() -> 0, () -> 0);

        public DiskSpace {
            Objects.requireNonNull(totalBytes, "totalBytes");
            Objects.requireNonNull(freeBytes, "freeBytes");
        }
    }

    public RuntimeGauges {
        Objects.requireNonNull(sendPool, "sendPool");
        Objects.requireNonNull(pullPool, "pullPool");
        Objects.requireNonNull(adminPool, "adminPool");
        Objects.requireNonNull(pageCacheLockTimeMills, "pageCacheLockTimeMills");
        Objects.requireNonNull(earliestMessageTimeStamp, "earliestMessageTimeStamp");
        Objects.requireNonNull(storeDiskRatio, "storeDiskRatio");
        Objects.requireNonNull(storeDisk, "storeDisk");
        Objects.requireNonNull(commitLogDiskRatios, "commitLogDiskRatios");
        Objects.requireNonNull(undispatchedBytes, "undispatchedBytes");
        Objects.requireNonNull(unflushedBytes, "unflushedBytes");
        Objects.requireNonNull(commitLogMinOffset, "commitLogMinOffset");
        Objects.requireNonNull(commitLogMaxOffset, "commitLogMaxOffset");
        Objects.requireNonNull(delayLevels, "delayLevels");
        Objects.requireNonNull(groupStatus, "groupStatus");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the suppliers; every one left unset reads 0. */
    public static final class Builder {
        private PoolQueue sendPool = PoolQueue.NONE;
        private PoolQueue pullPool = PoolQueue.NONE;
        private PoolQueue adminPool = PoolQueue.NONE;
        private LongSupplier pageCacheLockTime = () -> 0;
        private LongSupplier earliestMessageTime = () -> 0;
        private DoubleSupplier diskRatio = () -> 0.0;
        private DiskSpace disk = DiskSpace.NONE;
        private Supplier<SortedMap<String, Double>> commitLogDiskRatios = TreeMap::new;
        private LongSupplier undispatched = () -> 0;
        private LongSupplier unflushed = () -> 0;
        private LongSupplier commitLogMin = () -> 0;
        private LongSupplier commitLogMax = () -> 0;
        private Supplier<SortedMap<Integer, DelayLevelOffsets.Level>> delayLevels = TreeMap::new;
        private Supplier<Optional<GroupStatus>> groupStatus = Optional::empty;

        private Builder() {
        }

        /** The queue sends wait in. */
        public Builder sendPool(PoolQueue queue) {
            this.sendPool = Objects.requireNonNull(queue, "queue");
            return this;
        }

        /** The queue pulls, lite pulls, pops and acks wait in. */
        public Builder pullPool(PoolQueue queue) {
            this.pullPool = Objects.requireNonNull(queue, "queue");
            return this;
        }

        /** The queue admin requests, message queries and transaction ends wait in. */
        public Builder adminPool(PoolQueue queue) {
            this.adminPool = Objects.requireNonNull(queue, "queue");
            return this;
        }

        public Builder pageCacheLockTimeMills(LongSupplier value) {
            this.pageCacheLockTime = value;
            return this;
        }

        public Builder earliestMessageTimeStamp(LongSupplier value) {
            this.earliestMessageTime = value;
            return this;
        }

        /** Used fraction of the store's disk, 0.0 to 1.0. */
        public Builder storeDiskRatio(DoubleSupplier value) {
            this.diskRatio = value;
            return this;
        }

        public Builder storeDisk(DiskSpace value) {
            this.disk = Objects.requireNonNull(value, "value");
            return this;
        }

        /** Per commit-log directory, the used fraction of its disk, 0.0 to 1.0. */
        public Builder commitLogDiskRatios(Supplier<SortedMap<String, Double>> value) {
            this.commitLogDiskRatios = Objects.requireNonNull(value, "value");
            return this;
        }

        /** The store's backlog: commit-log bytes not yet dispatched to its queues, and not yet flushed. */
        public Builder storeBacklog(LongSupplier undispatchedBytes, LongSupplier unflushedBytes) {
            this.undispatched = Objects.requireNonNull(undispatchedBytes, "undispatchedBytes");
            this.unflushed = Objects.requireNonNull(unflushedBytes, "unflushedBytes");
            return this;
        }

        public Builder commitLogOffsets(LongSupplier min, LongSupplier max) {
            this.commitLogMin = min;
            this.commitLogMax = max;
            return this;
        }

        /** Each delay level's delivered and queued offsets. */
        public Builder delayLevels(Supplier<SortedMap<Integer, DelayLevelOffsets.Level>> value) {
            this.delayLevels = Objects.requireNonNull(value, "value");
            return this;
        }

        /** This replica's view of its broker group; a broker on its own has none. */
        public Builder groupStatus(Supplier<GroupStatus> status) {
            Objects.requireNonNull(status, "status");
            this.groupStatus = () -> Optional.of(status.get());
            return this;
        }

        public RuntimeGauges build() {
            return new RuntimeGauges(sendPool, pullPool, adminPool, pageCacheLockTime, earliestMessageTime,
                    diskRatio, disk, commitLogDiskRatios, undispatched, unflushed, commitLogMin, commitLogMax, delayLevels, groupStatus);
        }
    }
}

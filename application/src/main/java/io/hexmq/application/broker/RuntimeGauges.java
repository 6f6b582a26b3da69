package io.hexmq.application.broker;

import io.hexmq.domain.replication.GroupStatus;
import java.util.Objects;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Live figures GET_BROKER_RUNTIME_INFO reports that other components own: executor queues (bootstrap
 * creates the executors), store extent and disk use (the store adapter knows them), a replica's place in its
 * broker group (the group's log knows it). Each is read when an admin asks, never on a hot path. Build with
 * {@link #builder()}; an unset gauge reads 0, which is the true figure for a queue that does not exist, and
 * a broker on its own has no group status.
 */
public record RuntimeGauges(
        LongSupplier sendThreadPoolQueueSize,
        LongSupplier sendThreadPoolQueueHeadWaitTimeMills,
        LongSupplier pullThreadPoolQueueSize,
        LongSupplier pullThreadPoolQueueHeadWaitTimeMills,
        LongSupplier pageCacheLockTimeMills,
        LongSupplier earliestMessageTimeStamp,
        DoubleSupplier commitLogDiskRatio,
        LongSupplier commitLogMinOffset,
        LongSupplier commitLogMaxOffset,
        Supplier<Optional<GroupStatus>> groupStatus) {

    public RuntimeGauges {
        Objects.requireNonNull(sendThreadPoolQueueSize, "sendThreadPoolQueueSize");
        Objects.requireNonNull(sendThreadPoolQueueHeadWaitTimeMills, "sendThreadPoolQueueHeadWaitTimeMills");
        Objects.requireNonNull(pullThreadPoolQueueSize, "pullThreadPoolQueueSize");
        Objects.requireNonNull(pullThreadPoolQueueHeadWaitTimeMills, "pullThreadPoolQueueHeadWaitTimeMills");
        Objects.requireNonNull(pageCacheLockTimeMills, "pageCacheLockTimeMills");
        Objects.requireNonNull(earliestMessageTimeStamp, "earliestMessageTimeStamp");
        Objects.requireNonNull(commitLogDiskRatio, "commitLogDiskRatio");
        Objects.requireNonNull(commitLogMinOffset, "commitLogMinOffset");
        Objects.requireNonNull(commitLogMaxOffset, "commitLogMaxOffset");
        Objects.requireNonNull(groupStatus, "groupStatus");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the suppliers; every one left unset reads 0. */
    public static final class Builder {
        private LongSupplier sendQueueSize = () -> 0;
        private LongSupplier sendQueueHeadWait = () -> 0;
        private LongSupplier pullQueueSize = () -> 0;
        private LongSupplier pullQueueHeadWait = () -> 0;
        private LongSupplier pageCacheLockTime = () -> 0;
        private LongSupplier earliestMessageTime = () -> 0;
        private DoubleSupplier diskRatio = () -> 0.0;
        private LongSupplier commitLogMin = () -> 0;
        private LongSupplier commitLogMax = () -> 0;
        private Supplier<Optional<GroupStatus>> groupStatus = Optional::empty;

        private Builder() {
        }

        public Builder sendThreadPoolQueue(LongSupplier size, LongSupplier headWaitMillis) {
            this.sendQueueSize = size;
            this.sendQueueHeadWait = headWaitMillis;
            return this;
        }

        public Builder pullThreadPoolQueue(LongSupplier size, LongSupplier headWaitMillis) {
            this.pullQueueSize = size;
            this.pullQueueHeadWait = headWaitMillis;
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

        /** Used fraction of the commit log's disk, 0.0 to 1.0. */
        public Builder commitLogDiskRatio(DoubleSupplier value) {
            this.diskRatio = value;
            return this;
        }

        public Builder commitLogOffsets(LongSupplier min, LongSupplier max) {
            this.commitLogMin = min;
            this.commitLogMax = max;
            return this;
        }

        /** This replica's view of its broker group; a broker on its own has none. */
        public Builder groupStatus(Supplier<GroupStatus> status) {
            Objects.requireNonNull(status, "status");
            this.groupStatus = () -> Optional.of(status.get());
            return this;
        }

        public RuntimeGauges build() {
            return new RuntimeGauges(sendQueueSize, sendQueueHeadWait, pullQueueSize, pullQueueHeadWait,
                    pageCacheLockTime, earliestMessageTime, diskRatio, commitLogMin, commitLogMax, groupStatus);
        }
    }
}

package io.hexmq.application.broker;

import io.hexmq.domain.message.port.StoreHousekeeping;
import java.util.Objects;

/**
 * An operator has retention run now (DELETE_EXPIRED_COMMITLOG, {@code mqadmin deleteExpiredCommitLog}; and
 * CLEAN_EXPIRED_CONSUMEQUEUE, {@code mqadmin cleanExpiredCQ}). One pass serves both: the stores delete a
 * consume-queue or key-index file together with the last log file it points into, so no queue file is left
 * pointing only at deleted messages. RocketMQ's cleanExpiredCQ goes further and drops such a queue whole,
 * which starts its offsets again at 0 under consumers that committed beyond it; hexmq keeps the queue's
 * offsets, with its minimum moved past the deleted messages.
 */
public final class DeleteExpiredStoreFiles {

    private final StoreHousekeeping housekeeping;

    public DeleteExpiredStoreFiles(StoreHousekeeping housekeeping) {
        this.housekeeping = Objects.requireNonNull(housekeeping, "housekeeping");
    }

    /** @return how many log files were deleted */
    public int deleteNow() {
        return housekeeping.deleteExpiredFiles();
    }
}

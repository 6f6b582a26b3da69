package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.log.ChronicleLog;
import io.hexmq.storage.FlushDiskType;

/**
 * How the store makes what the log holds durable: {@link ChronicleLog#flush()} in production. Under
 * {@link FlushDiskType#SYNC_FLUSH} the store calls it once per group of appends before any of them is
 * acknowledged; under {@link FlushDiskType#ASYNC_FLUSH} the flush thread calls it every interval. A seam
 * so that tests can count (and hold) the syncs.
 */
@FunctionalInterface
interface DiskSync {

    DiskSync FORCE = ChronicleLog::flush;

    /** Forces everything appended to {@code log} so far to disk; throws {@link io.hexmq.domain.message.StorageException}. */
    void sync(ChronicleLog log);
}

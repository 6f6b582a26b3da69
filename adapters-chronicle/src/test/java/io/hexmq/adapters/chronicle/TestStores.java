package io.hexmq.adapters.chronicle;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.DiskUsage;
import java.nio.file.Path;

/** Settings and a disk shared by the Chronicle store tests. */
final class TestStores {

    static final int MAX_MESSAGE_SIZE = 16 * 1024;
    /** A checkpoint interval no test lasts: checkpoints come only when a test asks for one (or at shutdown). */
    static final int NO_PERIODIC_CHECKPOINT = 3_600_000;

    private TestStores() {
    }

    static ChronicleStoreSettings settings(Path root) {
        return ChronicleStoreSettings.defaults(root).withMaxMessageSize(MAX_MESSAGE_SIZE).withFlushIntervalCommitLog(50);
    }

    /** A store on a disk with room, whatever the build machine's disk holds; not started. */
    static ChronicleMessageStore store(ChronicleStoreSettings settings, HostAddress storeHost, Clock clock) {
        return new ChronicleMessageStore(settings, storeHost, clock, DiskSync.FORCE, new Disk());
    }

    /** A disk whose use a test sets: 10 % until it says otherwise. */
    static final class Disk implements DiskUsage {

        private volatile double usedPercent = 10;

        void fill(double percent) {
            usedPercent = percent;
        }

        @Override
        public double usedPercent(Path directory) {
            return usedPercent;
        }
    }
}

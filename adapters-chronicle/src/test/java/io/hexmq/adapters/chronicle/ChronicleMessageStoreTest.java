package io.hexmq.adapters.chronicle;

import io.hexmq.application.store.MessageStoreContract;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Chronicle store against the shared contract. A Chronicle document is complete or invisible, so
 * there is no torn record to cut; the crash story is proven in child JVMs by {@link ChronicleCrashTest}.
 */
class ChronicleMessageStoreTest extends MessageStoreContract {

    @TempDir
    Path root;

    @TempDir
    Path independentRoot;

    private final TestStores.Disk disk = new TestStores.Disk();

    /** The store's settings over {@code directory}; a subclass runs the contract under another flush policy. */
    ChronicleStoreSettings settings(Path directory) {
        return TestStores.settings(directory);
    }

    @Override
    protected MessageStore openStore(Clock clock) {
        ChronicleMessageStore opened = new ChronicleMessageStore(settings(root), STORE_HOST, clock,
            DiskSync.FORCE, disk);
        opened.start();
        return opened;
    }

    @Override
    protected MessageStore openIndependentStore(Clock clock) {
        ChronicleMessageStore opened = TestStores.store(settings(independentRoot), STORE_HOST, clock);
        opened.start();
        return opened;
    }

    @Override
    protected boolean canTearLastRecord() {
        return false;
    }

    /** The disk is measured on the retention schedule, which the broker runs. */
    @Override
    protected void simulateDiskUsage(MessageStore store, double usedPercent) {
        disk.fill(usedPercent);
        ((ChronicleMessageStore) store).deleteExpiredFiles();
    }
}

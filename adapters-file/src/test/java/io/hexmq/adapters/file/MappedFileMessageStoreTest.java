package io.hexmq.adapters.file;

import io.hexmq.application.store.MessageStoreContract;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.io.TempDir;

/** The file store against the shared contract. */
class MappedFileMessageStoreTest extends MessageStoreContract {

    @TempDir
    Path root;

    @TempDir
    Path independentRoot;

    private final StoreFixture.SettableDiskUsage disk = new StoreFixture.SettableDiskUsage();

    /** The store's settings over {@code directory}; a subclass runs the contract under another flush policy. */
    FileStoreSettings settings(Path directory) {
        return StoreFixture.settings(directory);
    }

    @Override
    protected MessageStore openStore(Clock clock) {
        MappedFileMessageStore opened = new MappedFileMessageStore(settings(root), STORE_HOST, clock, disk);
        opened.start();
        return opened;
    }

    @Override
    protected MessageStore openIndependentStore(Clock clock) {
        MappedFileMessageStore opened = new MappedFileMessageStore(settings(independentRoot), STORE_HOST,
            clock, new StoreFixture.SettableDiskUsage());
        opened.start();
        return opened;
    }

    @Override
    protected void crashTearingLastRecord(MessageStore store, AppendResult last) {
        ((MappedFileMessageStore) store).abandon();
        byte[] garbage = new byte[last.wroteBytes() / 2];
        Arrays.fill(garbage, (byte) 0x5A);
        try {
            StoreFixture.overwrite(root, last.commitLogOffset() + last.wroteBytes() - garbage.length, garbage);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The store's own disk-space check, which the broker schedules. */
    @Override
    protected void simulateDiskUsage(MessageStore store, double usedPercent) {
        disk.percent.set(usedPercent);
        ((MappedFileMessageStore) store).checkDiskSpace();
    }
}

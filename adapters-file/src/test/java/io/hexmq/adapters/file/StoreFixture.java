package io.hexmq.adapters.file;

import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.storage.DiskUsage;
import io.hexmq.storage.FlushDiskType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicReference;

/** Small settings and file surgery shared by the file-store tests. */
final class StoreFixture {

    static final int SEGMENT_SIZE = 64 * 1024;
    static final int MAX_MESSAGE_SIZE = 16 * 1024;
    /** 16 entries per consume-queue file, so queues roll too. */
    static final int CONSUME_QUEUE_FILE_SIZE = 16 * 20;
    /** A small key index (64 slots, 40 entries a file), so index files roll and chains are shared too. */
    static final int INDEX_SLOTS = 64;
    static final int INDEX_ENTRIES = 40;

    private StoreFixture() {
    }

    /**
     * Small segments; a checkpoint interval of an hour so that only a clean shutdown writes one and a
     * crash test knows what recovery will trust.
     */
    static FileStoreSettings settings(Path root) {
        return new FileStoreSettings(root, SEGMENT_SIZE, CONSUME_QUEUE_FILE_SIZE, FlushDiskType.ASYNC_FLUSH,
            50, 3_600_000, 5000, 72, 75, MAX_MESSAGE_SIZE, 256 * 1024, INDEX_SLOTS, INDEX_ENTRIES);
    }

    /** A disk whose usage a test sets. */
    static final class SettableDiskUsage implements DiskUsage {
        final AtomicReference<Double> percent = new AtomicReference<>(10.0);

        @Override
        public double usedPercent(Path path) {
            return percent.get();
        }
    }

    static Path segmentOf(Path root, long commitLogOffset) {
        long from = commitLogOffset - commitLogOffset % SEGMENT_SIZE;
        return root.resolve("commitlog").resolve(MappedFile.fileName(from));
    }

    /** Overwrites bytes of the commit log at an absolute offset, through the file, not the mapping. */
    static void overwrite(Path root, long commitLogOffset, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(segmentOf(root, commitLogOffset), StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(bytes), commitLogOffset % SEGMENT_SIZE);
        }
    }

    static byte[] read(Path file, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, position + buffer.position()) < 0) {
                    break;
                }
            }
        }
        return buffer.array();
    }
}

package io.hexmq.adapters.file;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The {@code checkpoint} file: how far the store is known to be durable.
 *
 * <pre>
 *  0                 8                  16                24      28
 * +-----------------+------------------+-----------------+-------+
 * | commit log      | dispatched       | written at (ms) | CRC32 |
 * | flushed offset  | flushed offset   |                 |       |
 * +-----------------+------------------+-----------------+-------+
 * </pre>
 *
 * <p>Every commit-log byte below the first offset was on disk when the checkpoint was written, and
 * every consume-queue entry for a record below the second offset too; both are record boundaries.
 * The file is rewritten in place and forced; a torn write fails the CRC and recovery then starts from
 * the oldest segment instead (slower, equally correct).
 */
final class Checkpoint {

    private static final int LENGTH = 28;

    record Values(long commitLogFlushed, long dispatchedFlushed, long writtenAt) {
    }

    private final Path path;

    Checkpoint(Path path) {
        this.path = path;
    }

    Optional<Values> read() {
        if (!Files.exists(path)) {
            return Optional.empty();
        }
        try {
            byte[] bytes = Files.readAllBytes(path);
            if (bytes.length < LENGTH) {
                return Optional.empty();
            }
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            CRC32 crc = new CRC32();
            crc.update(bytes, 0, LENGTH - 4);
            if ((int) crc.getValue() != buffer.getInt(LENGTH - 4)) {
                return Optional.empty();
            }
            return Optional.of(new Values(buffer.getLong(0), buffer.getLong(8), buffer.getLong(16)));
        } catch (IOException e) {
            throw new StorageException("cannot read " + path, e);
        }
    }

    void write(long commitLogFlushed, long dispatchedFlushed, long writtenAt) {
        ByteBuffer buffer = ByteBuffer.allocate(LENGTH);
        buffer.putLong(commitLogFlushed).putLong(dispatchedFlushed).putLong(writtenAt);
        CRC32 crc = new CRC32();
        crc.update(buffer.array(), 0, LENGTH - 4);
        buffer.putInt((int) crc.getValue()).flip();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            while (buffer.hasRemaining()) {
                channel.write(buffer, buffer.position());
            }
            channel.force(true);
        } catch (IOException e) {
            throw new StorageException("cannot write " + path, e);
        }
    }
}

package io.hexmq.adapters.file.state;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One open log of {@link FramedRecordLayout} records, appended at its end: what the state stores that write
 * their changes as a log share (the POP state, the topic table). Not thread-safe; its store serialises.
 *
 * <p>Crash story. A log is created with its header and forced, with its directory entry, before anything is
 * appended, so a log that a crash cut short of its header is one nothing was appended to. An append that a
 * crash tore is the log's last record: {@link #open} hands on the whole records before it, cuts the file
 * there, with a log line, and later appends follow whole records; so a torn or damaged tail is never taken
 * as data.
 */
final class RecordLog implements Closeable {

    private static final Logger LOG = LoggerFactory.getLogger(RecordLog.class);

    private final Path path;
    private final FileChannel channel;
    private long size;

    private RecordLog(Path path, FileChannel channel, long size) {
        this.path = path;
        this.channel = channel;
        this.size = size;
    }

    /** A fresh, empty log of {@code generation} at {@code path} (replacing any file there), durable. */
    static RecordLog create(Path path, int magic, long generation) throws IOException {
        Files.createDirectories(path.getParent());
        boolean created = !Files.exists(path);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        try {
            ByteBuffer header = ByteBuffer.allocate(FramedRecordLayout.HEADER_BYTES);
            FramedRecordLayout.putHeader(header, magic, generation);
            header.flip();
            writeFully(channel, header);
            channel.force(true);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        if (created) {
            AtomicFile.forceDirectory(path.getParent());
        }
        return new RecordLog(path, channel, FramedRecordLayout.HEADER_BYTES);
    }

    /**
     * Opens the log at {@code path} for appending when it starts with {@code magic}'s header of
     * {@code generation}, handing the payload of each whole record to {@code replay} in order first; empty
     * when there is no file or it starts otherwise.
     */
    static Optional<RecordLog> open(Path path, int magic, long generation, Consumer<ByteBuffer> replay)
            throws IOException {
        if (!Files.exists(path)) {
            return Optional.empty();
        }
        ByteBuffer file = ByteBuffer.wrap(Files.readAllBytes(path));
        if (FramedRecordLayout.generation(file, magic) != generation) {
            return Optional.empty();
        }
        int end = FramedRecordLayout.readRecords(file, replay);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE);
        if (end < file.limit()) {
            LOG.warn("{}: cut a torn or damaged tail of {} bytes at byte {} (a write that a crash interrupted;"
                    + " it was never answered)", path, file.limit() - end, end);
            channel.truncate(end);
            channel.force(false);
        }
        channel.position(end);
        return Optional.of(new RecordLog(path, channel, end));
    }

    /** Writes the records from the buffer's position to its limit at the log's end (not forced). */
    void append(ByteBuffer records) throws IOException {
        long before = size;
        try {
            size += writeFully(channel, records);
        } catch (IOException e) {
            cutBackTo(before);
            throw e;
        }
    }

    void force() throws IOException {
        channel.force(false);
    }

    /**
     * Takes back what was appended after {@code length} bytes (an append whose force failed, so that no
     * record of a write that was refused stays in the log); best effort.
     */
    void cutBackTo(long length) {
        try {
            channel.truncate(length);
            channel.position(length);
            size = length;
        } catch (IOException e) {
            LOG.warn("{}: cannot take back a failed append: {}", path, e.getMessage());
        }
    }

    /** The bytes in the log, its header included. */
    long size() {
        return size;
    }

    Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private static int writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        int written = 0;
        while (buffer.hasRemaining()) {
            written += channel.write(buffer);
        }
        return written;
    }
}

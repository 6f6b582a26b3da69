package io.hexmq.adapters.ratis.apply;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.storage.FileInfo;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.SnapshotInfo;
import org.apache.ratis.statemachine.SnapshotRetentionPolicy;
import org.apache.ratis.statemachine.StateMachineStorage;

/**
 * The replica's snapshot as Ratis sees it: not a copy of the stores (they are their own snapshot) but a
 * marker saying up to which log entry they were last made durable, so Ratis replays only what follows
 * and may purge what precedes. One small file in the state machine directory, big-endian:
 *
 * <pre>
 * +------------+-----------+-----------+------------+
 * | magic: u4  | term: u8  | index: u8 | crc32c: u4 |   crc over magic, term and index
 * +------------+-----------+-----------+------------+
 * </pre>
 *
 * <p><b>Crash.</b> The marker is replaced atomically (written beside, forced, renamed, directory
 * forced), so a crash leaves the old marker or the new one. Recording a marker only after the stores
 * were made durable keeps it at or behind what they hold.
 */
final class DurablePointStorage implements StateMachineStorage {

    static final String FILE_NAME = "durable-point";
    private static final int MAGIC = 0x68784450; // "hxDP"
    private static final int SIZE = Integer.BYTES + 2 * Long.BYTES + Integer.BYTES;
    private static final int CRC_OFFSET = SIZE - Integer.BYTES;

    private volatile Path file;
    private volatile SnapshotInfo latest;

    @Override
    public void init(RaftStorage raftStorage) throws IOException {
        Path dir = raftStorage.getStorageDir().getStateMachineDir().toPath();
        Files.createDirectories(dir);
        file = dir.resolve(FILE_NAME);
        latest = read(file);
    }

    /** Reads the marker again, after a follower installed the leader's files and recorded theirs. */
    void reload() throws IOException {
        latest = read(file);
    }

    @Override
    public SnapshotInfo getLatestSnapshot() {
        return latest;
    }

    /** Records that the stores hold everything up to {@code point} durably. */
    void record(TermIndex point) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(SIZE).putInt(MAGIC).putLong(point.getTerm()).putLong(point.getIndex());
        bytes.putInt(CRC_OFFSET, crc(bytes));
        Path written = file.resolveSibling(FILE_NAME + ".tmp");
        try (FileChannel channel = FileChannel.open(written, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            bytes.rewind();
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(true);
        }
        Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel dir = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        }
        latest = new Marker(point);
    }

    @Override
    public void format() {
        // Nothing to prepare: a missing marker means "nothing durable yet".
    }

    @Override
    public void cleanupOldSnapshots(SnapshotRetentionPolicy policy) {
        // There is only ever one marker, replaced in place.
    }

    private static SnapshotInfo read(Path file) throws IOException {
        byte[] content;
        try {
            content = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        }
        ByteBuffer bytes = ByteBuffer.wrap(content);
        if (content.length != SIZE || bytes.getInt(0) != MAGIC || bytes.getInt(CRC_OFFSET) != crc(bytes)) {
            throw new IOException("the durable-point marker " + file + " is corrupt");
        }
        return new Marker(TermIndex.valueOf(bytes.getLong(Integer.BYTES), bytes.getLong(Integer.BYTES + Long.BYTES)));
    }

    private static int crc(ByteBuffer bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes.duplicate().position(0).limit(CRC_OFFSET));
        return (int) crc.getValue();
    }

    /** A snapshot with no files of its own: followers fetch the stores' files through the installer. */
    private record Marker(TermIndex point) implements SnapshotInfo {

        @Override
        public TermIndex getTermIndex() {
            return point;
        }

        @Override
        public List<FileInfo> getFiles() {
            return List.of();
        }

        @Override
        public String toString() {
            return "durable point " + point;
        }
    }
}

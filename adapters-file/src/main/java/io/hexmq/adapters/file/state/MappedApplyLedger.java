package io.hexmq.adapters.file.state;

import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.replication.AppliedPoint;
import io.hexmq.domain.replication.port.ApplyLedger;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;

/**
 * The apply ledger of a replicated broker as a small memory-mapped file of two slots, written in turn:
 *
 * <pre>
 *  0          8          16               24      28      32 (second slot: the same at 32..64)
 * +----------+----------+----------------+-------+-------+
 * | sequence | position | commit-log end | CRC32 | 0     |
 * +----------+----------+----------------+-------+-------+
 * </pre>
 *
 * <p>Each record goes to the slot the other one does not hold, with a sequence one higher and a CRC over the
 * first 24 bytes, so a process killed in the middle of a record leaves the other slot whole: the slot with a
 * valid CRC and the higher sequence is the last point. A record is a write to the mapped page, no system
 * call; the page cache keeps it through a kill -9. {@link #force} (called with the stores' flush) makes it
 * survive a power loss. Single writer: the group log's apply thread.
 */
public final class MappedApplyLedger implements ApplyLedger, AutoCloseable {

    private static final int SLOT_BYTES = 32;
    private static final int CRC_AT = 24;

    private final Path path;
    private final CRC32 crc = new CRC32();
    private FileChannel channel;
    private MappedByteBuffer slots;
    private long sequence;
    private AppliedPoint last;

    public MappedApplyLedger(Path path) {
        this.path = path;
        open();
    }

    private void open() {
        try {
            Files.createDirectories(path.toAbsolutePath().getParent());
            channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            slots = channel.map(FileChannel.MapMode.READ_WRITE, 0, 2L * SLOT_BYTES);
        } catch (IOException e) {
            throw new StorageException("cannot open the apply ledger " + path, e);
        }
        last = AppliedPoint.NONE;
        sequence = 0;
        for (int slot = 0; slot < 2; slot++) {
            int at = slot * SLOT_BYTES;
            long slotSequence = slots.getLong(at);
            if (slotSequence > sequence && crcOf(at) == slots.getInt(at + CRC_AT)) {
                sequence = slotSequence;
                last = new AppliedPoint(slots.getLong(at + 8), slots.getLong(at + 16));
            }
        }
    }

    @Override
    public AppliedPoint last() {
        return last;
    }

    @Override
    public void record(AppliedPoint point) {
        sequence++;
        int at = (int) (sequence & 1) * SLOT_BYTES;
        slots.putLong(at, sequence).putLong(at + 8, point.position()).putLong(at + 16, point.commitLogEnd());
        slots.putInt(at + CRC_AT, crcOf(at));
        last = point;
    }

    @Override
    public void force() {
        slots.force();
    }

    /** Maps the file anew: the one mapped so far may have been replaced under its name. */
    @Override
    public void reopen() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new StorageException("cannot close the apply ledger " + path, e);
        }
        open();
    }

    @Override
    public void close() {
        try {
            force();
            channel.close();
        } catch (IOException e) {
            throw new StorageException("cannot close the apply ledger " + path, e);
        }
    }

    private int crcOf(int at) {
        crc.reset();
        for (int i = at; i < at + CRC_AT; i++) {
            crc.update(slots.get(i));
        }
        return (int) crc.getValue();
    }
}

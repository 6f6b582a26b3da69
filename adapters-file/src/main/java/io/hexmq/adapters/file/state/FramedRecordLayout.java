package io.hexmq.adapters.file.state;

import java.nio.ByteBuffer;
import java.util.function.Consumer;
import java.util.zip.CRC32C;

/**
 * The framing of the state files that are a header and records appended after it (the POP state's snapshot
 * and log, the topic table's change log); big-endian. The header's magic tells what the file holds, and its
 * generation ties a log to the snapshot it follows. A record is framed by its length and a CRC-32C of its
 * payload, so a record that a crash tore, or a damaged one, is told from a whole one.
 *
 * <pre>
 * file   := magic:int generation:long record*
 * record := length:int crc32c:int payload{length}
 * </pre>
 *
 * What a payload holds is the file's own layout ({@link PopStateLogLayout}, {@link TopicChangeLogLayout}).
 */
final class FramedRecordLayout {

    static final int HEADER_BYTES = Integer.BYTES + Long.BYTES;
    static final int RECORD_HEADER_BYTES = 2 * Integer.BYTES;

    private FramedRecordLayout() {
    }

    /** Writes a file's header at the buffer's position. */
    static void putHeader(ByteBuffer buffer, int magic, long generation) {
        buffer.putInt(magic).putLong(generation);
    }

    /**
     * The generation of a file starting with {@code magic}'s header; -1 when the file is shorter than a
     * header or starts otherwise (a log whose creation a crash cut short).
     */
    static long generation(ByteBuffer file, int magic) {
        if (file.remaining() < HEADER_BYTES || file.getInt(file.position()) != magic) {
            return -1;
        }
        return file.getLong(file.position() + Integer.BYTES);
    }

    /**
     * Frames the payload written into a heap buffer from {@code start + RECORD_HEADER_BYTES} up to its
     * position: puts its length and CRC in the {@link #RECORD_HEADER_BYTES} left free at {@code start}.
     */
    static void seal(ByteBuffer buffer, int start) {
        int length = buffer.position() - start - RECORD_HEADER_BYTES;
        CRC32C crc = new CRC32C();
        crc.update(buffer.array(), buffer.arrayOffset() + start + RECORD_HEADER_BYTES, length);
        buffer.putInt(start, length).putInt(start + Integer.BYTES, (int) crc.getValue());
    }

    /**
     * Reads the records after a file's header, handing each whole one's payload to {@code sink} in order (a
     * view of the file positioned at the payload's start, limited at its end), and stops at the end or at the
     * first record that is torn (shorter than its length says, or failing its CRC).
     *
     * @return the file position after the last whole record
     */
    static int readRecords(ByteBuffer file, Consumer<ByteBuffer> sink) {
        int position = file.position() + HEADER_BYTES;
        while (file.limit() - position >= RECORD_HEADER_BYTES) {
            int length = file.getInt(position);
            int payloadStart = position + RECORD_HEADER_BYTES;
            if (length <= 0 || length > file.limit() - payloadStart) {
                break;
            }
            CRC32C crc = new CRC32C();
            crc.update(file.duplicate().position(payloadStart).limit(payloadStart + length));
            if ((int) crc.getValue() != file.getInt(position + Integer.BYTES)) {
                break;
            }
            sink.accept(file.duplicate().position(payloadStart).limit(payloadStart + length).slice());
            position = payloadStart + length;
        }
        return position;
    }
}

package io.hexmq.adapters.file.state;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.topic.TopicName;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The layout of the POP state's two files: a snapshot, written whole and replaced atomically, and the log of
 * changes appended after it. Both are a header and framed records ({@link FramedRecordLayout}). The header's
 * generation ties a log to its snapshot: a log of another generation (left by a crash between a snapshot and
 * the log's reset) holds nothing the snapshot lacks. A record torn by a crash can only be the log's last.
 *
 * <pre>
 * file       := magic:int generation:long record*        magic "POPS" (snapshot) or "POPL" (log)
 * record     := length:int crc32c:int payload{length}
 * payload    := 1:byte checkpoint                           put
 *             | 2:byte group:text topic:text queueId:int offset:long popTime:long      remove
 *             | 3:byte group:text topic:text queueId:int offset:long                   advance
 * checkpoint := group:text topic:text queueId:int offset:long popTime:long invisibleTime:long
 *               orderly:byte attempts:int batchEnd:long [attemptId:text]
 * text       := length:int utf8{length}
 * </pre>
 *
 * A checkpoint's attempt id is written only when it has one, last, so a record without it (as every record
 * an older broker wrote) reads as a checkpoint of no attempt, and an older broker reading a newer record
 * stops at batchEnd and loses only the attempt id.
 *
 * A snapshot holds a put for every checkpoint in flight and an advance for every queue's offset.
 */
final class PopStateLogLayout {

    static final int SNAPSHOT_MAGIC = 0x504F5053;
    static final int LOG_MAGIC = 0x504F504C;
    static final int HEADER_BYTES = FramedRecordLayout.HEADER_BYTES;
    static final int RECORD_HEADER_BYTES = FramedRecordLayout.RECORD_HEADER_BYTES;

    private static final byte PUT = 1;
    private static final byte REMOVE = 2;
    private static final byte ADVANCE = 3;
    /** kind, queueId, offset, popTime, invisibleTime, orderly, attempts, batchEnd and two text lengths */
    private static final int PUT_FIXED_BYTES = 1 + Integer.BYTES + 3 * Long.BYTES + 1 + Integer.BYTES + Long.BYTES
            + 2 * Integer.BYTES;
    private static final int REMOVE_FIXED_BYTES = 1 + Integer.BYTES + 2 * Long.BYTES + 2 * Integer.BYTES;
    private static final int ADVANCE_FIXED_BYTES = 1 + Integer.BYTES + Long.BYTES + 2 * Integer.BYTES;

    private PopStateLogLayout() {
    }

    /**
     * Writes one record at the buffer's position.
     *
     * @return {@code buffer}, or a larger copy of it when the record did not fit, holding the record too
     */
    static ByteBuffer put(ByteBuffer buffer, PopChange change) {
        byte[] group = group(change).getBytes(StandardCharsets.UTF_8);
        byte[] topic = topic(change).getBytes(StandardCharsets.UTF_8);
        byte[] attemptId = change instanceof PopChange.Put put && put.checkpoint().attemptId() != null
                ? put.checkpoint().attemptId().getBytes(StandardCharsets.UTF_8) : null;
        int needed = recordBytes(change, group, topic) + (attemptId == null ? 0 : Integer.BYTES + attemptId.length);
        ByteBuffer into = buffer;
        if (buffer.remaining() < needed) {
            into = ByteBuffer.allocate(Math.max(2 * buffer.capacity(), buffer.position() + needed));
            into.put(buffer.flip());
        }
        int start = into.position();
        into.position(start + RECORD_HEADER_BYTES);
        if (change instanceof PopChange.Put put) {
            PopCheckpoint checkpoint = put.checkpoint();
            into.put(PUT);
            texts(into, group, topic).putInt(checkpoint.queueId()).putLong(checkpoint.offset())
                    .putLong(checkpoint.popTime()).putLong(checkpoint.invisibleTime())
                    .put((byte) (checkpoint.orderly() ? 1 : 0)).putInt(checkpoint.attempts())
                    .putLong(checkpoint.batchEnd());
            if (attemptId != null) {
                into.putInt(attemptId.length).put(attemptId);
            }
        } else if (change instanceof PopChange.Remove remove) {
            into.put(REMOVE);
            texts(into, group, topic).putInt(remove.queueId()).putLong(remove.offset()).putLong(remove.popTime());
        } else {
            PopOffset offset = ((PopChange.Advance) change).offset();
            into.put(ADVANCE);
            texts(into, group, topic).putInt(offset.queueId()).putLong(offset.offset());
        }
        FramedRecordLayout.seal(into, start);
        return into;
    }

    private static int recordBytes(PopChange change, byte[] group, byte[] topic) {
        int payload;
        if (change instanceof PopChange.Put) {
            payload = PUT_FIXED_BYTES;
        } else if (change instanceof PopChange.Remove) {
            payload = REMOVE_FIXED_BYTES;
        } else {
            payload = ADVANCE_FIXED_BYTES;
        }
        return RECORD_HEADER_BYTES + payload + group.length + topic.length;
    }

    private static String group(PopChange change) {
        if (change instanceof PopChange.Put put) {
            return put.checkpoint().group().value();
        }
        if (change instanceof PopChange.Remove remove) {
            return remove.group().value();
        }
        return ((PopChange.Advance) change).offset().group().value();
    }

    private static String topic(PopChange change) {
        if (change instanceof PopChange.Put put) {
            return put.checkpoint().topic().value();
        }
        if (change instanceof PopChange.Remove remove) {
            return remove.topic().value();
        }
        return ((PopChange.Advance) change).offset().topic().value();
    }

    /**
     * Reads the records after a file's header, handing each whole one to {@code sink} in order, and stops at
     * the end or at the first record that is torn (shorter than its length says, or failing its CRC).
     *
     * @return the file position after the last whole record
     */
    static int readRecords(ByteBuffer file, Consumer<PopChange> sink) {
        return FramedRecordLayout.readRecords(file, payload -> sink.accept(decode(payload)));
    }

    private static ByteBuffer texts(ByteBuffer buffer, byte[] group, byte[] topic) {
        return buffer.putInt(group.length).put(group).putInt(topic.length).put(topic);
    }

    /** One record's payload as the change it holds. */
    static PopChange decode(ByteBuffer payload) {
        try {
            byte kind = payload.get();
            GroupName group = new GroupName(text(payload));
            TopicName topic = new TopicName(text(payload));
            return switch (kind) {
                case PUT -> new PopChange.Put(new PopCheckpoint(group, topic, payload.getInt(), payload.getLong(),
                        payload.getLong(), payload.getLong(), payload.get() != 0, payload.getInt(), payload.getLong(),
                        payload.hasRemaining() ? text(payload) : null));
                case REMOVE -> new PopChange.Remove(group, topic, payload.getInt(), payload.getLong(),
                        payload.getLong());
                case ADVANCE -> new PopChange.Advance(new PopOffset(group, topic, payload.getInt(), payload.getLong()));
                default -> throw new IllegalArgumentException("unknown POP change kind " + kind);
            };
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("a POP change record ends early", e);
        }
    }

    private static String text(ByteBuffer payload) {
        int length = payload.getInt();
        if (length < 0 || length > payload.remaining()) {
            throw new IllegalArgumentException("a text of " + length + " bytes in a record of " + payload.limit());
        }
        byte[] bytes = new byte[length];
        payload.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}

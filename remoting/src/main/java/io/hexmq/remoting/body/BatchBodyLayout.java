package io.hexmq.remoting.body;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The body of SEND_BATCH_MESSAGE (protocol.md §2.3.2): the batch's messages back to back, each as
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                  TOTALSIZE (this entry)                       |  0
 * |                  MAGICCODE (0)                                |  4
 * |                  BODYCRC (0: the broker computes it)          |  8
 * |                  FLAG                                         | 12
 * |                  BODY LENGTH                                  | 16
 * |                  BODY ...                                     | 20
 * |   PROPERTIES LENGTH (2 bytes) |   PROPERTIES (UTF-8) ...      |
 * +---------------------------------------------------------------+
 * </pre>
 *
 * Topic, queue, born time and host and system flag travel once, in the request header. The SDK encodes
 * entries, the broker decodes them; the broker ignores the MAGICCODE and BODYCRC it is sent, as it
 * computes each stored message's body CRC itself.
 */
public final class BatchBodyLayout {

    static final int TOTAL_SIZE_OFFSET = 0;
    static final int FLAG_OFFSET = 12;
    static final int BODY_LENGTH_OFFSET = 16;
    static final int BODY_OFFSET = 20;
    /** An entry with an empty body and no properties. */
    static final int MIN_ENTRY_LENGTH = BODY_OFFSET + 2;
    static final int MAX_PROPERTIES_LENGTH = Short.MAX_VALUE;

    /** One message of a batch: flag, body and its encoded properties string. */
    public record Entry(int flag, byte[] body, String properties) {
    }

    /** Makes the reader's own value of one decoded entry, so that decoding builds nothing in between. */
    @FunctionalInterface
    public interface EntryFactory<E> {
        E entry(int flag, byte[] body, String properties);
    }

    private BatchBodyLayout() {
    }

    /** @throws IllegalArgumentException when an entry's properties are longer than 32,767 UTF-8 bytes */
    public static byte[] encode(List<Entry> entries) {
        int total = 0;
        byte[][] properties = new byte[entries.size()][];
        for (int i = 0; i < entries.size(); i++) {
            properties[i] = entries.get(i).properties().getBytes(StandardCharsets.UTF_8);
            if (properties[i].length > MAX_PROPERTIES_LENGTH) {
                throw new IllegalArgumentException("message " + i + " of the batch has " + properties[i].length
                        + " bytes of properties, more than " + MAX_PROPERTIES_LENGTH);
            }
            total += entryLength(entries.get(i).body().length, properties[i].length);
        }
        ByteBuffer buffer = ByteBuffer.allocate(total);
        for (int i = 0; i < entries.size(); i++) {
            Entry entry = entries.get(i);
            buffer.putInt(entryLength(entry.body().length, properties[i].length))
                    .putInt(0)
                    .putInt(0)
                    .putInt(entry.flag())
                    .putInt(entry.body().length)
                    .put(entry.body())
                    .putShort((short) properties[i].length)
                    .put(properties[i]);
        }
        return buffer.array();
    }

    /**
     * The entries of {@code body}, each made by {@code factory}.
     *
     * @throws IllegalArgumentException when the body is not a sequence of well-formed entries
     */
    public static <E> List<E> decode(byte[] body, EntryFactory<E> factory) {
        ByteBuffer buffer = ByteBuffer.wrap(body);
        List<E> entries = new ArrayList<>();
        try {
            while (buffer.hasRemaining()) {
                int at = buffer.position();
                int totalSize = buffer.getInt(at + TOTAL_SIZE_OFFSET);
                if (totalSize < MIN_ENTRY_LENGTH || totalSize > buffer.remaining()) {
                    throw new IllegalArgumentException("batch entry at " + at + " has an impossible size " + totalSize);
                }
                int flag = buffer.getInt(at + FLAG_OFFSET);
                int bodyLength = buffer.getInt(at + BODY_LENGTH_OFFSET);
                int propertiesLengthAt = at + BODY_OFFSET + bodyLength;
                if (bodyLength < 0 || propertiesLengthAt + 2 > at + totalSize) {
                    throw new IllegalArgumentException("batch entry at " + at + " has a body longer than the entry");
                }
                int propertiesLength = buffer.getShort(propertiesLengthAt) & 0xFFFF;
                if (propertiesLengthAt + 2 + propertiesLength != at + totalSize) {
                    throw new IllegalArgumentException("batch entry at " + at + " does not end where its size says");
                }
                byte[] entryBody = Arrays.copyOfRange(body, at + BODY_OFFSET, propertiesLengthAt);
                String properties = new String(body, propertiesLengthAt + 2, propertiesLength, StandardCharsets.UTF_8);
                entries.add(factory.entry(flag, entryBody, properties));
                buffer.position(at + totalSize);
            }
        } catch (IndexOutOfBoundsException | BufferUnderflowException e) {
            throw new IllegalArgumentException("batch body truncated", e);
        }
        return entries;
    }

    static int entryLength(int bodyLength, int propertiesLength) {
        return BODY_OFFSET + bodyLength + 2 + propertiesLength;
    }
}

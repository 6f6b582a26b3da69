package io.hexmq.client.internal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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
 * Topic, queue, born time and system flag travel once, in the request header.
 */
final class BatchBodyLayout {

    static final int TOTAL_SIZE_OFFSET = 0;
    static final int MAGIC_CODE_OFFSET = 4;
    static final int BODY_CRC_OFFSET = 8;
    static final int FLAG_OFFSET = 12;
    static final int BODY_LENGTH_OFFSET = 16;
    static final int BODY_OFFSET = 20;
    static final int MAX_PROPERTIES_LENGTH = Short.MAX_VALUE;

    /** One message of a batch: flag, body and its encoded properties string. */
    record Entry(int flag, byte[] body, String properties) {
    }

    private BatchBodyLayout() {
    }

    static byte[] encode(List<Entry> entries) {
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

    static int entryLength(int bodyLength, int propertiesLength) {
        return BODY_OFFSET + bodyLength + 2 + propertiesLength;
    }
}

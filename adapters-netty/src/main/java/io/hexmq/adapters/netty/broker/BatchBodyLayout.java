package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.SendMessage;
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
 * |                  MAGICCODE (client writes 0)                  |  4
 * |                  BODYCRC (client writes 0)                    |  8
 * |                  FLAG                                         | 12
 * |                  BODY LENGTH                                  | 16
 * |                  BODY ...                                     | 20
 * |   PROPERTIES LENGTH (2 bytes) |   PROPERTIES (UTF-8) ...      |
 * +---------------------------------------------------------------+
 * </pre>
 *
 * Topic, queue, born time and host and system flag are the request header's; the broker computes
 * each stored message's body CRC itself, so the sent MAGICCODE and BODYCRC are ignored.
 */
final class BatchBodyLayout {

    static final int TOTAL_SIZE_OFFSET = 0;
    static final int FLAG_OFFSET = 12;
    static final int BODY_LENGTH_OFFSET = 16;
    static final int BODY_OFFSET = 20;
    /** An entry with an empty body and no properties. */
    static final int MIN_ENTRY_LENGTH = BODY_OFFSET + 2;

    private BatchBodyLayout() {
    }

    /** @throws IllegalArgumentException when the body is not a sequence of well-formed entries */
    static List<SendMessage.BatchEntry> decode(byte[] body) {
        ByteBuffer buffer = ByteBuffer.wrap(body);
        List<SendMessage.BatchEntry> entries = new ArrayList<>();
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
                entries.add(new SendMessage.BatchEntry(flag, entryBody, properties));
                buffer.position(at + totalSize);
            }
        } catch (IndexOutOfBoundsException | BufferUnderflowException e) {
            throw new IllegalArgumentException("batch body truncated", e);
        }
        return entries;
    }
}

package io.hexmq.domain.message;

import io.hexmq.domain.topic.SystemTopics;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The stored binary form of one message, byte for byte RocketMQ's commit-log record (protocol.md
 * §3.1). The same bytes are written to disk, returned by a pull and decoded by the official client,
 * so this class is the single source of every offset. All integers are big-endian.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                       TOTALSIZE (whole record)                |  0
 * |                  MAGICCODE (0xDAA320A7, v1)                   |  4
 * |                BODYCRC (CRC32 of body & 0x7FFFFFFF)           |  8
 * |                           QUEUEID                             | 12
 * |                             FLAG                              | 16
 * |                      QUEUEOFFSET (8 bytes)                    | 20
 * |                     PHYSICALOFFSET (8 bytes)                  | 28
 * |                            SYSFLAG                            | 36
 * |                     BORNTIMESTAMP (8 bytes)                   | 40
 * |   BORNHOST: IPv4 4 + port 4 = 8, or IPv6 16 + port 4 = 20     | 48
 * |                    STORETIMESTAMP (8 bytes)                   | 48 + b
 * |   STOREHOST: 8 or 20, as BORNHOST (SYSFLAG 0x20 = IPv6)       | 56 + b
 * |                        RECONSUMETIMES                         | 56 + b + s
 * |              PREPARED TRANSACTION OFFSET (8 bytes)            | 60 + b + s
 * |                          BODY LENGTH                          | 68 + b + s
 * |                          BODY ...                             | 72 + b + s
 * | TOPIC LENGTH (1 byte) |     TOPIC (UTF-8) ...                 |
 * |   PROPERTIES LENGTH (2 bytes) |   PROPERTIES (UTF-8) ...      |
 * +---------------------------------------------------------------+
 *   b = born host length, s = store host length (8 or 20 each)
 * </pre>
 *
 * <p>With IPv4 hosts the fixed part is 91 bytes and the body starts at 88. The end of a commit-log
 * segment that cannot hold the next record is filled by a blank record: TOTALSIZE (the rest of the
 * segment) and {@link #BLANK_MAGIC_CODE}; it is never sent to clients.
 *
 * <p>Only magic v1 (one-byte topic length) is written: 4.x clients understand nothing else.
 */
public final class MessageLayout {

    public static final int MAGIC_CODE_V1 = 0xDAA320A7;
    public static final int MAGIC_CODE_V2 = 0xDAA320AB;
    public static final int BLANK_MAGIC_CODE = 0xCBD43194;
    /** A blank record needs its size and magic code. */
    public static final int BLANK_RECORD_MIN_LENGTH = 8;

    public static final int TOTAL_SIZE_OFFSET = 0;
    public static final int MAGIC_CODE_OFFSET = 4;
    public static final int BODY_CRC_OFFSET = 8;
    public static final int QUEUE_ID_OFFSET = 12;
    public static final int FLAG_OFFSET = 16;
    public static final int QUEUE_OFFSET_OFFSET = 20;
    public static final int PHYSICAL_OFFSET_OFFSET = 28;
    public static final int SYS_FLAG_OFFSET = 36;
    public static final int BORN_TIMESTAMP_OFFSET = 40;
    public static final int BORN_HOST_OFFSET = 48;

    /** Every field except body, topic and properties, and without the host addresses. */
    public static final int FIXED_LENGTH_WITHOUT_HOSTS = 4 + 4 + 4 + 4 + 4 + 8 + 8 + 4 + 8 + 8 + 4 + 8 + 4 + 1 + 2;
    /** The smallest possible record: IPv4 hosts, empty body, one-char topic, no properties. */
    public static final int MIN_RECORD_LENGTH = FIXED_LENGTH_WITHOUT_HOSTS + 2 * HostAddress.IPV4_LENGTH + 1;

    public static final int MAX_TOPIC_LENGTH = 127;
    public static final int MAX_PROPERTIES_LENGTH = Short.MAX_VALUE;

    /** {@link #check} result: zeros, the end of written data. */
    public static final int CHECK_END_OF_DATA = 0;
    /** {@link #check} result: a blank filler record; the segment continues in the next file. */
    public static final int CHECK_BLANK = -1;
    /** {@link #check} result: not a record (torn write or corruption). */
    public static final int CHECK_CORRUPT = -2;

    private static final byte[] SCHEDULE_TOPIC_BYTES =
        SystemTopics.SCHEDULE_TOPIC.value().getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TIMER_TOPIC_BYTES =
        SystemTopics.TIMER_TOPIC.value().getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DELIVER_AT_BYTES = MessageProperties.DELIVER_AT.getBytes(StandardCharsets.US_ASCII);

    private MessageLayout() {
    }

    public static int recordLength(int bornHostLength, int storeHostLength, int bodyLength, int topicLength,
                                   int propertiesLength) {
        return FIXED_LENGTH_WITHOUT_HOSTS + bornHostLength + storeHostLength + bodyLength + topicLength
            + propertiesLength;
    }

    public static int bornHostLength(int sysFlag) {
        return MessageSysFlag.bornHostIsV6(sysFlag) ? HostAddress.IPV6_LENGTH : HostAddress.IPV4_LENGTH;
    }

    public static int storeHostLength(int sysFlag) {
        return MessageSysFlag.storeHostIsV6(sysFlag) ? HostAddress.IPV6_LENGTH : HostAddress.IPV4_LENGTH;
    }

    public static int storeTimestampOffset(int sysFlag) {
        return BORN_HOST_OFFSET + bornHostLength(sysFlag);
    }

    public static int storeHostOffset(int sysFlag) {
        return storeTimestampOffset(sysFlag) + 8;
    }

    public static int reconsumeTimesOffset(int sysFlag) {
        return storeHostOffset(sysFlag) + storeHostLength(sysFlag);
    }

    public static int preparedTransactionOffsetOffset(int sysFlag) {
        return reconsumeTimesOffset(sysFlag) + 4;
    }

    public static int bodyLengthOffset(int sysFlag) {
        return preparedTransactionOffsetOffset(sysFlag) + 8;
    }

    // ---- absolute readers: {@code at} is the index of the record's first byte; buffers are not moved

    public static int totalSize(ByteBuffer buffer, int at) {
        return buffer.getInt(at + TOTAL_SIZE_OFFSET);
    }

    public static int magicCode(ByteBuffer buffer, int at) {
        return buffer.getInt(at + MAGIC_CODE_OFFSET);
    }

    public static int bodyCrc(ByteBuffer buffer, int at) {
        return buffer.getInt(at + BODY_CRC_OFFSET);
    }

    public static int queueId(ByteBuffer buffer, int at) {
        return buffer.getInt(at + QUEUE_ID_OFFSET);
    }

    public static long queueOffset(ByteBuffer buffer, int at) {
        return buffer.getLong(at + QUEUE_OFFSET_OFFSET);
    }

    public static long physicalOffset(ByteBuffer buffer, int at) {
        return buffer.getLong(at + PHYSICAL_OFFSET_OFFSET);
    }

    public static int sysFlag(ByteBuffer buffer, int at) {
        return buffer.getInt(at + SYS_FLAG_OFFSET);
    }

    public static long storeTimestamp(ByteBuffer buffer, int at) {
        return buffer.getLong(at + storeTimestampOffset(sysFlag(buffer, at)));
    }

    public static int bodyLength(ByteBuffer buffer, int at) {
        return buffer.getInt(at + bodyLengthOffset(sysFlag(buffer, at)));
    }

    /** Index (absolute) of the topic-length byte. */
    public static int topicLengthIndex(ByteBuffer buffer, int at) {
        int bodyLengthAt = at + bodyLengthOffset(sysFlag(buffer, at));
        return bodyLengthAt + 4 + buffer.getInt(bodyLengthAt);
    }

    public static String topic(ByteBuffer buffer, int at) {
        int lengthAt = topicLengthIndex(buffer, at);
        int length = buffer.get(lengthAt) & 0xFF;
        return decodeUtf8(buffer, lengthAt + 1, length);
    }

    /** The encoded properties string. */
    public static String properties(ByteBuffer buffer, int at) {
        int topicLengthAt = topicLengthIndex(buffer, at);
        int propertiesLengthAt = topicLengthAt + 1 + (buffer.get(topicLengthAt) & 0xFF);
        int length = buffer.getShort(propertiesLengthAt) & 0xFFFF;
        return decodeUtf8(buffer, propertiesLengthAt + 2, length);
    }

    /**
     * The consume-queue tag code of the record: the {@link TagCode} of its {@code TAGS} property,
     * hashed straight from the bytes when the tag is ASCII (the common case), so dispatching does not
     * allocate. A record in {@code SCHEDULE_TOPIC_XXXX} or {@code rmq_sys_wheel_timer} with a
     * {@link MessageProperties#DELIVER_AT} property has that due time as its code instead (protocol.md
     * §4.1), which the delay and timer schedulers compare with the clock.
     */
    public static long tagsCode(ByteBuffer buffer, int at) {
        int topicLengthAt = topicLengthIndex(buffer, at);
        int topicLength = buffer.get(topicLengthAt) & 0xFF;
        int propertiesLengthAt = topicLengthAt + 1 + topicLength;
        int start = propertiesLengthAt + 2;
        int end = start + (buffer.getShort(propertiesLengthAt) & 0xFFFF);
        if ((topicLength == SCHEDULE_TOPIC_BYTES.length
                && regionEquals(buffer, topicLengthAt + 1, SCHEDULE_TOPIC_BYTES))
            || (topicLength == TIMER_TOPIC_BYTES.length
                && regionEquals(buffer, topicLengthAt + 1, TIMER_TOPIC_BYTES))) {
            long deliverAt = deliverAt(buffer, start, end);
            if (deliverAt >= 0) {
                return deliverAt;
            }
        }
        int entry = start;
        while (entry < end) {
            int entryEnd = indexOf(buffer, entry, end, (byte) MessageProperties.PROPERTY_SEPARATOR);
            int valueAt = entry + 5;
            if (valueAt < entryEnd
                && buffer.get(entry) == 'T' && buffer.get(entry + 1) == 'A' && buffer.get(entry + 2) == 'G'
                && buffer.get(entry + 3) == 'S' && buffer.get(entry + 4) == MessageProperties.NAME_VALUE_SEPARATOR) {
                int hash = 0;
                for (int i = valueAt; i < entryEnd; i++) {
                    byte b = buffer.get(i);
                    if (b < 0) {
                        return TagCode.of(decodeUtf8(buffer, valueAt, entryEnd - valueAt));
                    }
                    hash = 31 * hash + b;
                }
                return hash;
            }
            entry = entryEnd + 1;
        }
        return TagCode.NONE;
    }

    /** The decimal value of {@link MessageProperties#DELIVER_AT} in the properties, or -1. */
    private static long deliverAt(ByteBuffer buffer, int start, int end) {
        int entry = start;
        while (entry < end) {
            int entryEnd = indexOf(buffer, entry, end, (byte) MessageProperties.PROPERTY_SEPARATOR);
            int valueAt = entry + DELIVER_AT_BYTES.length + 1;
            if (valueAt < entryEnd && regionEquals(buffer, entry, DELIVER_AT_BYTES)
                && buffer.get(valueAt - 1) == MessageProperties.NAME_VALUE_SEPARATOR) {
                long value = 0;
                for (int i = valueAt; i < entryEnd; i++) {
                    byte b = buffer.get(i);
                    if (b < '0' || b > '9' || value > (Long.MAX_VALUE - 9) / 10) {
                        return -1;
                    }
                    value = value * 10 + (b - '0');
                }
                return value;
            }
            entry = entryEnd + 1;
        }
        return -1;
    }

    private static boolean regionEquals(ByteBuffer buffer, int at, byte[] expected) {
        if (at + expected.length > buffer.limit()) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if (buffer.get(at + i) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    // ---- writing

    /**
     * Fills in what is only known under the append lock. Everything else, including the body CRC,
     * is encoded before the lock is taken.
     */
    public static void stamp(ByteBuffer buffer, int at, long queueOffset, long physicalOffset, long storeTimestamp) {
        buffer.putLong(at + QUEUE_OFFSET_OFFSET, queueOffset);
        buffer.putLong(at + PHYSICAL_OFFSET_OFFSET, physicalOffset);
        buffer.putLong(at + storeTimestampOffset(sysFlag(buffer, at)), storeTimestamp);
    }

    /** Writes a blank filler record of {@code length} bytes (at least 8) at {@code at}. */
    public static void writeBlank(ByteBuffer buffer, int at, int length) {
        buffer.putInt(at + TOTAL_SIZE_OFFSET, length);
        buffer.putInt(at + MAGIC_CODE_OFFSET, BLANK_MAGIC_CODE);
    }

    /** CRC32 of the body masked to a non-negative int, as RocketMQ stores it. */
    public static int bodyCrc(CRC32 crc, byte[] body, int offset, int length) {
        crc.reset();
        crc.update(body, offset, length);
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }

    // ---- verification (recovery)

    /**
     * Checks the record at {@code at}, with {@code available} bytes left in the segment: returns its
     * length when magic code, size and body CRC are consistent, or one of {@link #CHECK_END_OF_DATA},
     * {@link #CHECK_BLANK}, {@link #CHECK_CORRUPT}.
     */
    public static int check(ByteBuffer buffer, int at, int available, int maxRecordLength, CRC32 crc) {
        if (available < BLANK_RECORD_MIN_LENGTH) {
            return CHECK_END_OF_DATA;
        }
        int size = totalSize(buffer, at);
        int magic = magicCode(buffer, at);
        if (size == 0 && magic == 0) {
            return CHECK_END_OF_DATA;
        }
        if (magic == BLANK_MAGIC_CODE) {
            return size == available ? CHECK_BLANK : CHECK_CORRUPT;
        }
        if (magic != MAGIC_CODE_V1 || size < MIN_RECORD_LENGTH || size > available || size > maxRecordLength) {
            return CHECK_CORRUPT;
        }
        int sysFlag = sysFlag(buffer, at);
        int bodyLengthAt = at + bodyLengthOffset(sysFlag);
        int bodyLength = buffer.getInt(bodyLengthAt);
        int end = at + size;
        if (bodyLength < 0 || bodyLengthAt + 4L + bodyLength + 1 + 2 > end) {
            return CHECK_CORRUPT;
        }
        int topicLengthAt = bodyLengthAt + 4 + bodyLength;
        int topicLength = buffer.get(topicLengthAt) & 0xFF;
        int propertiesLengthAt = topicLengthAt + 1 + topicLength;
        if (topicLength == 0 || propertiesLengthAt + 2 > end) {
            return CHECK_CORRUPT;
        }
        int propertiesLength = buffer.getShort(propertiesLengthAt) & 0xFFFF;
        if (propertiesLengthAt + 2 + propertiesLength != end) {
            return CHECK_CORRUPT;
        }
        crc.reset();
        crc.update(buffer.slice(bodyLengthAt + 4, bodyLength));
        if ((int) (crc.getValue() & 0x7FFFFFFF) != bodyCrc(buffer, at)) {
            return CHECK_CORRUPT;
        }
        return size;
    }

    private static int indexOf(ByteBuffer buffer, int from, int to, byte value) {
        for (int i = from; i < to; i++) {
            if (buffer.get(i) == value) {
                return i;
            }
        }
        return to;
    }

    private static String decodeUtf8(ByteBuffer buffer, int index, int length) {
        byte[] bytes = new byte[length];
        buffer.get(index, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}

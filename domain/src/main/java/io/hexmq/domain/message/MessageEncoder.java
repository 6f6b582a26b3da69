package io.hexmq.domain.message;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.zip.CRC32;

/**
 * Encodes messages into {@link MessageLayout} records in a buffer it owns and reuses, so that the
 * append path allocates nothing per message. Queue offset, physical offset and store timestamp are
 * left 0 and filled in later by {@link MessageLayout#stamp} under the append lock.
 *
 * <p>Not thread-safe: keep one per appending thread. A batch is encoded by calling
 * {@link #encode} once per message after one {@link #reset}; the records lie back to back.
 */
public final class MessageEncoder {

    /** Why a message could not be encoded. */
    public enum Outcome {
        OK,
        TOPIC_TOO_LONG,
        PROPERTIES_TOO_LONG,
        MESSAGE_TOO_LARGE
    }

    private final ByteBuffer buffer;
    private final HostAddress ownStoreHost;
    private final CRC32 crc = new CRC32();

    /**
     * @param maxEncodedBytes the largest record (or batch of records) this encoder accepts
     * @param storeHost the broker's own address, written into every record {@link #encode(Message)} encodes
     */
    public MessageEncoder(int maxEncodedBytes, HostAddress storeHost) {
        if (maxEncodedBytes < MessageLayout.MIN_RECORD_LENGTH) {
            throw new IllegalArgumentException("maxEncodedBytes too small: " + maxEncodedBytes);
        }
        this.buffer = ByteBuffer.allocate(maxEncodedBytes);
        this.ownStoreHost = Objects.requireNonNull(storeHost, "storeHost");
    }

    /** Forgets previously encoded records. */
    public void reset() {
        buffer.clear();
    }

    /** Appends one record after the previous ones, with this encoder's store host; on failure nothing is appended. */
    public Outcome encode(Message message) {
        return encode(message, ownStoreHost);
    }

    /**
     * Appends one record after the previous ones, with {@code storeHost} as its store host (which decides
     * the record's length and its STOREHOST_V6 bit); on failure nothing is appended.
     */
    public Outcome encode(Message message, HostAddress storeHost) {
        int topicLength = Utf8.encodedLength(message.topic());
        if (topicLength > MessageLayout.MAX_TOPIC_LENGTH) {
            return Outcome.TOPIC_TOO_LONG;
        }
        int propertiesLength = Utf8.encodedLength(message.properties());
        if (propertiesLength > MessageLayout.MAX_PROPERTIES_LENGTH) {
            return Outcome.PROPERTIES_TOO_LONG;
        }
        byte[] body = message.body();
        int sysFlag = message.sysFlag() & ~(MessageSysFlag.BORNHOST_V6 | MessageSysFlag.STOREHOST_V6);
        if (message.bornHost().isIpv6()) {
            sysFlag |= MessageSysFlag.BORNHOST_V6;
        }
        if (storeHost.isIpv6()) {
            sysFlag |= MessageSysFlag.STOREHOST_V6;
        }
        long length = MessageLayout.recordLength(message.bornHost().encodedLength(), storeHost.encodedLength(),
            body.length, topicLength, propertiesLength);
        if (length > buffer.remaining()) {
            return Outcome.MESSAGE_TOO_LARGE;
        }
        buffer.putInt((int) length)
            .putInt(MessageLayout.MAGIC_CODE_V1)
            .putInt(MessageLayout.bodyCrc(crc, body, 0, body.length))
            .putInt(message.queueId())
            .putInt(message.flag())
            .putLong(0L)
            .putLong(0L)
            .putInt(sysFlag)
            .putLong(message.bornTimestamp());
        message.bornHost().writeTo(buffer);
        buffer.putLong(0L);
        storeHost.writeTo(buffer);
        buffer.putInt(message.reconsumeTimes())
            .putLong(message.preparedTransactionOffset())
            .putInt(body.length)
            .put(body)
            .put((byte) topicLength);
        Utf8.write(buffer, message.topic());
        buffer.putShort((short) propertiesLength);
        Utf8.write(buffer, message.properties());
        return Outcome.OK;
    }

    /** The largest record (or batch of records) this encoder accepts, in bytes. */
    public int capacity() {
        return buffer.capacity();
    }

    /** Bytes encoded since the last reset. */
    public int encodedLength() {
        return buffer.position();
    }

    /**
     * The encoded records from index 0 to {@link #encodedLength()}: the encoder's own buffer, valid
     * until the next reset. Callers use absolute gets and puts only.
     */
    public ByteBuffer encoded() {
        return buffer;
    }
}

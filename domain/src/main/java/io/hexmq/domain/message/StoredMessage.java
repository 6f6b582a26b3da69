package io.hexmq.domain.message;

import java.nio.ByteBuffer;
import java.util.Map;

/**
 * A stored record decoded into fields: for lookups, tools and tests. The pull path never decodes; it
 * forwards the stored bytes.
 */
public record StoredMessage(
    int storeSize,
    int bodyCrc,
    int queueId,
    int flag,
    long queueOffset,
    long commitLogOffset,
    int sysFlag,
    long bornTimestamp,
    HostAddress bornHost,
    long storeTimestamp,
    HostAddress storeHost,
    int reconsumeTimes,
    long preparedTransactionOffset,
    byte[] body,
    String topic,
    String properties) {

    /** Decodes the record starting at the buffer's position; the buffer is not moved. */
    public static StoredMessage decode(ByteBuffer buffer) {
        int at = buffer.position();
        int magic = MessageLayout.magicCode(buffer, at);
        if (magic != MessageLayout.MAGIC_CODE_V1) {
            throw new IllegalArgumentException("not a stored message, magic code " + Integer.toHexString(magic));
        }
        int sysFlag = MessageLayout.sysFlag(buffer, at);
        HostAddress bornHost = HostAddress.read(buffer, at + MessageLayout.BORN_HOST_OFFSET,
            MessageSysFlag.bornHostIsV6(sysFlag));
        HostAddress storeHost = HostAddress.read(buffer, at + MessageLayout.storeHostOffset(sysFlag),
            MessageSysFlag.storeHostIsV6(sysFlag));
        int bodyLengthAt = at + MessageLayout.bodyLengthOffset(sysFlag);
        byte[] body = new byte[buffer.getInt(bodyLengthAt)];
        buffer.get(bodyLengthAt + 4, body);
        return new StoredMessage(
            MessageLayout.totalSize(buffer, at),
            MessageLayout.bodyCrc(buffer, at),
            MessageLayout.queueId(buffer, at),
            buffer.getInt(at + MessageLayout.FLAG_OFFSET),
            MessageLayout.queueOffset(buffer, at),
            MessageLayout.physicalOffset(buffer, at),
            sysFlag,
            buffer.getLong(at + MessageLayout.BORN_TIMESTAMP_OFFSET),
            bornHost,
            MessageLayout.storeTimestamp(buffer, at),
            storeHost,
            buffer.getInt(at + MessageLayout.reconsumeTimesOffset(sysFlag)),
            buffer.getLong(at + MessageLayout.preparedTransactionOffsetOffset(sysFlag)),
            body,
            MessageLayout.topic(buffer, at),
            MessageLayout.properties(buffer, at));
    }

    public Map<String, String> propertyMap() {
        return MessageProperties.decode(properties);
    }

    public String tags() {
        return MessageProperties.get(properties, MessageProperties.TAGS);
    }

    public String offsetMessageId() {
        return OffsetMessageId.encode(storeHost, commitLogOffset);
    }
}

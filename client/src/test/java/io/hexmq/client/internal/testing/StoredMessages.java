package io.hexmq.client.internal.testing;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import java.nio.ByteBuffer;

/** Messages encoded as a broker stores them and a pull or a look-up returns them. */
public final class StoredMessages {

    /** The broker that stored them. */
    public static final HostAddress STORE = HostAddress.of(new byte[] {127, 0, 0, 1}, 10911);
    /** The producer that sent them. */
    public static final HostAddress BORN = HostAddress.of(new byte[] {10, 0, 0, 2}, 50000);
    /** The store time stamped into each record. */
    public static final long STORE_TIMESTAMP = 99L;

    private StoredMessages() {
    }

    /** Records back to back from commit-log offset {@code firstOffset} on, each at queue offset 0. */
    public static byte[] stored(long firstOffset, Message... messages) {
        return records(firstOffset, 0, 0, messages);
    }

    /**
     * Records of one queue, as a pull answers them: queue offsets {@code firstQueueOffset},
     * {@code firstQueueOffset + 1}, ... and commit-log offsets from {@code firstOffset} on.
     */
    public static byte[] queueRecords(long firstQueueOffset, long firstOffset, Message... messages) {
        return records(firstOffset, firstQueueOffset, 1, messages);
    }

    private static byte[] records(long firstOffset, long firstQueueOffset, long queueOffsetStep, Message... messages) {
        MessageEncoder encoder = new MessageEncoder(1 << 16, STORE);
        encoder.reset();
        for (Message message : messages) {
            if (encoder.encode(message) != MessageEncoder.Outcome.OK) {
                throw new IllegalArgumentException("not encodable: " + message);
            }
        }
        ByteBuffer encoded = encoder.encoded();
        long physical = firstOffset;
        long queueOffset = firstQueueOffset;
        int at = 0;
        while (at < encoder.encodedLength()) {
            MessageLayout.stamp(encoded, at, queueOffset, physical, STORE_TIMESTAMP);
            int size = MessageLayout.totalSize(encoded, at);
            physical += size;
            queueOffset += queueOffsetStep;
            at += size;
        }
        byte[] body = new byte[encoder.encodedLength()];
        encoded.get(0, body);
        return body;
    }
}

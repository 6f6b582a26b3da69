package io.hexmq.application.transaction;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The op records that mark half messages resolved (protocol.md §4.4): queue 0 of
 * {@code RMQ_SYS_TRANS_OP_HALF_TOPIC}, tag {@code d}, body the half messages' queue offsets as decimal
 * text, comma-separated (one offset when this broker writes it; more are read, as 5.x batches them).
 */
final class OpRecords {

    static final String REMOVE_TAG = "d";
    private static final String PROPERTIES = MessageProperties.encode(Map.of(MessageProperties.TAGS, REMOVE_TAG));

    private OpRecords() {
    }

    static Message resolving(long halfQueueOffset, HostAddress bornHost, long now) {
        return new Message(HalfMessages.OP_TOPIC, 0, 0, Long.toString(halfQueueOffset).getBytes(StandardCharsets.US_ASCII),
                PROPERTIES, 0, now, bornHost, 0, 0L);
    }

    /** The half offsets an op record's body names; malformed parts are left out. */
    static List<Long> halfOffsets(byte[] body) {
        List<Long> offsets = new ArrayList<>(1);
        for (String part : new String(body, StandardCharsets.US_ASCII).split(",")) {
            try {
                long offset = Long.parseLong(part.trim());
                if (offset >= 0) {
                    offsets.add(offset);
                }
            } catch (NumberFormatException notAnOffset) {
                // not written by a broker: nothing to mark
            }
        }
        return offsets;
    }
}

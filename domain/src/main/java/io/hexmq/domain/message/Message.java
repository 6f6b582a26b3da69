package io.hexmq.domain.message;

import io.hexmq.domain.topic.SystemTopics;
import java.util.Objects;

/**
 * A message as the broker receives it, before the store gives it offsets and a store timestamp.
 *
 * <p>{@code body} is shared, not copied: the edge that decoded the request owns the array and must not
 * change it afterwards (a copy per message is exactly what the send path avoids). {@code properties}
 * is the encoded properties string ({@link MessageProperties}), as it arrives in the SEND header.
 *
 * @param topic topic name, at most 127 UTF-8 bytes once stored
 * @param queueId target queue
 * @param flag the user flag, stored as is
 * @param body the body, possibly compressed (see {@link MessageSysFlag#COMPRESSED})
 * @param properties encoded properties string, "" when none
 * @param sysFlag {@link MessageSysFlag} bits; the host-address bits are set by the encoder
 * @param bornTimestamp producer's clock, ms
 * @param bornHost the producer's TCP peer address
 * @param reconsumeTimes how often the message was redelivered
 * @param preparedTransactionOffset commit-log offset of the half message for a committed
 *     transactional message, else 0
 */
public record Message(
    String topic,
    int queueId,
    int flag,
    byte[] body,
    String properties,
    int sysFlag,
    long bornTimestamp,
    HostAddress bornHost,
    int reconsumeTimes,
    long preparedTransactionOffset) {

    public Message {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(properties, "properties");
        Objects.requireNonNull(bornHost, "bornHost");
        if (topic.isEmpty()) {
            throw new IllegalArgumentException("topic must not be empty");
        }
        if (queueId < 0) {
            throw new IllegalArgumentException("queueId must be >= 0: " + queueId);
        }
        if (reconsumeTimes < 0) {
            throw new IllegalArgumentException("reconsumeTimes must be >= 0: " + reconsumeTimes);
        }
    }

    /**
     * The consume-queue tag code the store gives this message: its {@link TagCode}, or for a message
     * waiting in the schedule or the timer topic its due time (see {@link MessageLayout#tagsCode}).
     */
    public long tagsCode() {
        if (topic.equals(SystemTopics.SCHEDULE_TOPIC.value()) || topic.equals(SystemTopics.TIMER_TOPIC.value())) {
            String deliverAt = MessageProperties.get(properties, MessageProperties.DELIVER_AT);
            if (deliverAt != null) {
                try {
                    return Long.parseLong(deliverAt);
                } catch (NumberFormatException malformed) {
                    // falls back to the tag, as the record-based code does
                }
            }
        }
        return MessageProperties.tagsCode(properties);
    }

    public static Builder builder(String topic, int queueId, byte[] body) {
        return new Builder(topic, queueId, body);
    }

    /** Optional fields with RocketMQ's defaults; for tests and tools more than for the hot path. */
    public static final class Builder {
        private final String topic;
        private final int queueId;
        private final byte[] body;
        private int flag;
        private String properties = "";
        private int sysFlag;
        private long bornTimestamp;
        private HostAddress bornHost = HostAddress.of(new byte[] {127, 0, 0, 1}, 0);
        private int reconsumeTimes;
        private long preparedTransactionOffset;

        private Builder(String topic, int queueId, byte[] body) {
            this.topic = topic;
            this.queueId = queueId;
            this.body = body;
        }

        public Builder flag(int value) {
            this.flag = value;
            return this;
        }

        public Builder properties(String encoded) {
            this.properties = encoded;
            return this;
        }

        public Builder sysFlag(int value) {
            this.sysFlag = value;
            return this;
        }

        public Builder bornTimestamp(long value) {
            this.bornTimestamp = value;
            return this;
        }

        public Builder bornHost(HostAddress value) {
            this.bornHost = value;
            return this;
        }

        public Builder reconsumeTimes(int value) {
            this.reconsumeTimes = value;
            return this;
        }

        public Builder preparedTransactionOffset(long value) {
            this.preparedTransactionOffset = value;
            return this;
        }

        public Message build() {
            return new Message(topic, queueId, flag, body, properties, sysFlag, bornTimestamp, bornHost,
                reconsumeTimes, preparedTransactionOffset);
        }
    }
}

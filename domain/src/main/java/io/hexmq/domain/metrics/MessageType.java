package io.hexmq.domain.metrics;

import io.hexmq.domain.message.MessageProperties;
import java.util.Locale;

/**
 * What kind of message a producer sent, as RocketMQ 5.x labels its send metrics ({@code message_type}): told
 * from the properties the producer set, a transaction first, then an orderly shard key, then any delay or timer.
 */
public enum MessageType {
    NORMAL,
    FIFO,
    DELAY,
    TRANSACTION;

    private final String label = name().toLowerCase(Locale.ROOT);

    /** The label value: {@code normal}, {@code fifo}, {@code delay}, {@code transaction}. */
    public String label() {
        return label;
    }

    /**
     * The kind of a message with these encoded properties, read in place without allocating.
     *
     * @param half whether the message is a transaction's half message ({@code TRAN_MSG=true})
     */
    public static MessageType of(String properties, boolean half) {
        if (half) {
            return TRANSACTION;
        }
        if (MessageProperties.has(properties, MessageProperties.SHARDING_KEY)) {
            return FIFO;
        }
        if (MessageProperties.has(properties, MessageProperties.DELAY_TIME_LEVEL)
                || MessageProperties.has(properties, MessageProperties.TIMER_DELIVER_MS)
                || MessageProperties.has(properties, MessageProperties.TIMER_DELAY_SEC)
                || MessageProperties.has(properties, MessageProperties.TIMER_DELAY_MS)
                || MessageProperties.has(properties, MessageProperties.START_DELIVER_TIME)) {
            return DELAY;
        }
        return NORMAL;
    }
}

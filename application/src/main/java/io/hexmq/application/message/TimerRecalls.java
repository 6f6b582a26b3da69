package io.hexmq.application.message;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.StoredMessage;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a timer message is taken back before it is due (RECALL_MESSAGE), as RocketMQ's broker does it: not by
 * touching the parked message but by parking a recall record next to it, in the same timer queue and due at
 * the same millisecond, that names it ({@link MessageProperties#TIMER_DEL_UNIQKEY}: its topic and UNIQ_KEY).
 * When that millisecond comes, the scheduler finds both among the records due then and delivers neither: the
 * recall record says nowhere to go, and the message is named by a recall. Both being parked records, a
 * restart rebuilds the pair like any other, so a recall survives it without state of its own.
 */
final class TimerRecalls {

    private static final byte[] RECALL_BODY = "0".getBytes(StandardCharsets.US_ASCII);

    private TimerRecalls() {
    }

    /** The record that recalls the timer message {@code uniqueKey} of {@code topic}, due at {@code dueMillis}. */
    static Message recallRecord(String topic, String uniqueKey, long dueMillis, HostAddress bornHost, long now) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(MessageProperties.TIMER_DEL_UNIQKEY, key(topic, uniqueKey));
        properties.put(MessageProperties.UNIQ_KEY, uniqueKey);
        properties.put(MessageProperties.TIMER_DELIVER_MS, Long.toString(dueMillis));
        properties.put(MessageProperties.DELIVER_AT, Long.toString(dueMillis));
        return new Message(TimerParking.TIMER_TOPIC, 0, 0, RECALL_BODY, MessageProperties.encode(properties), 0, now,
                bornHost, 0, 0L);
    }

    /** The message a recall record takes back, as {@link #keyOf} names it; null for any other parked record. */
    static String recalledBy(StoredMessage parked) {
        return parked.propertyMap().get(MessageProperties.TIMER_DEL_UNIQKEY);
    }

    /** How a recall names this parked timer message. */
    static String keyOf(StoredMessage parked) {
        Map<String, String> properties = parked.propertyMap();
        return key(properties.get(MessageProperties.REAL_TOPIC), properties.get(MessageProperties.UNIQ_KEY));
    }

    private static String key(String topic, String uniqueKey) {
        return topic + "+" + uniqueKey;
    }
}

package io.hexmq.application.message;

import java.util.Objects;

/**
 * What names a timer message for RECALL_MESSAGE: a send answers it for every timer message it parks, and a
 * recall brings it back (the wire carries it as an opaque handle).
 *
 * @param topic      the topic the message was sent to
 * @param brokerName the broker that parked it
 * @param dueMillis  when it is due (epoch ms); -1 when a handle's time was not a number
 * @param uniqueKey  its UNIQ_KEY
 */
public record TimerRecall(String topic, String brokerName, long dueMillis, String uniqueKey) {

    public TimerRecall {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(uniqueKey, "uniqueKey");
    }
}

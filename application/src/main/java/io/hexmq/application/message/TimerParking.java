package io.hexmq.application.message;

import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.topic.SystemTopics;
import java.util.Map;

/**
 * How a timer message (RocketMQ 5.x: {@code TIMER_DELIVER_MS}, {@code TIMER_DELAY_SEC} or
 * {@code TIMER_DELAY_MS}) waits: it is parked in {@code rmq_sys_wheel_timer} queue 0, remembering its
 * real topic and queue ({@code REAL_TOPIC}, {@code REAL_QID}) and its due time
 * ({@link MessageProperties#DELIVER_AT}, which the store turns into the consume-queue tag code). When due,
 * {@link DelayedDelivery#unpark} gives it back to its real topic and queue without the due time and the
 * relative timer properties, like a delayed message; its {@code TIMER_DELIVER_MS}, {@code REAL_TOPIC} and
 * {@code REAL_QID} stay, as RocketMQ's broker keeps them (the proxy tells 5.x consumers from
 * {@code TIMER_DELIVER_MS} when it was due).
 */
final class TimerParking {

    static final String TIMER_TOPIC = SystemTopics.TIMER_TOPIC.value();
    /** {@link #requestedDeliverTime} of a message that asks for no timer. */
    static final long NO_TIMER = Long.MIN_VALUE;

    private TimerParking() {
    }

    /**
     * When a message to be stored asks to be delivered (epoch ms): {@code TIMER_DELAY_SEC} or
     * {@code TIMER_DELAY_MS} counted from {@code now}, else {@code TIMER_DELIVER_MS}; {@link #NO_TIMER}
     * when it carries none. A half message is never parked here: it waits for its transaction, and its
     * timer applies from its commit ({@link ParkUntilDue}).
     *
     * @throws NumberFormatException when the property is not a number
     */
    static long requestedDeliverTime(String properties, long now) {
        String delaySec = MessageProperties.get(properties, MessageProperties.TIMER_DELAY_SEC);
        if (delaySec != null) {
            return now + Math.multiplyExact(Long.parseLong(delaySec.trim()), 1000L);
        }
        String delayMs = MessageProperties.get(properties, MessageProperties.TIMER_DELAY_MS);
        if (delayMs != null) {
            return now + Long.parseLong(delayMs.trim());
        }
        String deliverMs = MessageProperties.get(properties, MessageProperties.TIMER_DELIVER_MS);
        if (deliverMs != null) {
            return Long.parseLong(deliverMs.trim());
        }
        return NO_TIMER;
    }

    /** {@code message} parked in the timer topic until {@code deliverAt}. */
    static Message park(Message message, long deliverAt) {
        Map<String, String> properties = MessageProperties.decode(message.properties());
        properties.put(MessageProperties.REAL_TOPIC, message.topic());
        properties.put(MessageProperties.REAL_QUEUE_ID, Integer.toString(message.queueId()));
        properties.put(MessageProperties.DELIVER_AT, Long.toString(deliverAt));
        return new Message(TIMER_TOPIC, 0, message.flag(), message.body(), MessageProperties.encode(properties),
                message.sysFlag(), message.bornTimestamp(), message.bornHost(), message.reconsumeTimes(),
                message.preparedTransactionOffset());
    }
}

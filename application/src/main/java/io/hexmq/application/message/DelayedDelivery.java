package io.hexmq.application.message;

import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.topic.SystemTopics;
import java.util.Map;

/**
 * How a delayed message waits (protocol.md §4.3): it is parked in {@code SCHEDULE_TOPIC_XXXX}, queue
 * level − 1, remembering its real topic and queue ({@code REAL_TOPIC}, {@code REAL_QID}) and its due
 * time ({@link MessageProperties#DELIVER_AT}, which the store turns into the consume-queue tag code);
 * when due it is unparked: the same message for the real topic and queue, without the due time.
 *
 * <p>The delivered copy keeps {@code DELAY}, {@code REAL_TOPIC} and {@code REAL_QID} (and a timer message its
 * past {@code TIMER_DELIVER_MS}), as a message delivered by RocketMQ's scheduler and timer does (its stored
 * properties are those it was parked with), so consumers, the trace reader and the proxy see that it waited;
 * it is not delayed again, because a delivery is appended straight to the store and only a send or a
 * transaction commit looks at {@code DELAY} and the timer properties.
 */
final class DelayedDelivery {

    static final String SCHEDULE_TOPIC = SystemTopics.SCHEDULE_TOPIC.value();

    private DelayedDelivery() {
    }

    /**
     * The delay level a message to be stored asks for: its {@code DELAY} property when that is a
     * positive number and the message is not a half (prepared) transactional message; else 0. A DLQ
     * copy carries {@code DELAY=-1} and is never delayed.
     */
    static int requestedLevel(String properties, int sysFlag) {
        if (MessageSysFlag.transactionType(sysFlag) == MessageSysFlag.TRANSACTION_PREPARED_TYPE
                || "true".equals(MessageProperties.get(properties, SendProperties.TRANSACTION_PREPARED))) {
            return 0;
        }
        String delay = MessageProperties.get(properties, MessageProperties.DELAY_TIME_LEVEL);
        if (delay == null) {
            return 0;
        }
        try {
            return Math.max(0, Integer.parseInt(delay.trim()));
        } catch (NumberFormatException notANumber) {
            return 0;
        }
    }

    /**
     * {@code message} parked for {@code level} (clamped to the table, and written back clamped as
     * RocketMQ does), due {@code now} + the level's delay. A level wins over a timer, so any timer
     * property goes, as RocketMQ drops it.
     */
    static Message park(Message message, int level, DelayLevels levels, long now) {
        int clamped = levels.clamp(level);
        Map<String, String> properties = MessageProperties.decode(message.properties());
        properties.remove(MessageProperties.TIMER_DELIVER_MS);
        properties.remove(MessageProperties.TIMER_DELAY_SEC);
        properties.remove(MessageProperties.TIMER_DELAY_MS);
        properties.put(MessageProperties.DELAY_TIME_LEVEL, Integer.toString(clamped));
        properties.put(MessageProperties.REAL_TOPIC, message.topic());
        properties.put(MessageProperties.REAL_QUEUE_ID, Integer.toString(message.queueId()));
        properties.put(MessageProperties.DELIVER_AT, Long.toString(now + levels.delayMillis(clamped)));
        return new Message(SCHEDULE_TOPIC, levels.queueIdOf(clamped), message.flag(), message.body(),
                MessageProperties.encode(properties), message.sysFlag(), message.bornTimestamp(), message.bornHost(),
                message.reconsumeTimes(), message.preparedTransactionOffset());
    }

    /**
     * The parked message as it is delivered to its real topic and queue; null when the record does not
     * say where (not parked by this broker), so the scheduler skips it.
     */
    static Message unpark(StoredMessage parked) {
        Map<String, String> properties = parked.propertyMap();
        String topic = properties.get(MessageProperties.REAL_TOPIC);
        String queue = properties.get(MessageProperties.REAL_QUEUE_ID);
        properties.remove(MessageProperties.DELIVER_AT);
        // TIMER_DELIVER_MS stays, as on RocketMQ: the proxy tells 5.x consumers the delivery time from it. Being
        // past, it parks nothing again; the relative timer properties would, so they go.
        properties.remove(MessageProperties.TIMER_DELAY_SEC);
        properties.remove(MessageProperties.TIMER_DELAY_MS);
        int queueId;
        try {
            queueId = queue == null ? -1 : Integer.parseInt(queue);
        } catch (NumberFormatException notANumber) {
            queueId = -1;
        }
        if (topic == null || topic.isEmpty() || queueId < 0) {
            return null;
        }
        return new Message(topic, queueId, parked.flag(), parked.body(), MessageProperties.encode(properties),
                parked.sysFlag(), parked.bornTimestamp(), parked.bornHost(), parked.reconsumeTimes(),
                parked.preparedTransactionOffset());
    }
}

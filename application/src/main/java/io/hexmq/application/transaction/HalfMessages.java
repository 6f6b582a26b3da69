package io.hexmq.application.transaction;

import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.topic.SystemTopics;
import java.util.Map;

/**
 * How a transactional message waits (protocol.md §4.4): a send with {@code TRAN_MSG=true} is parked
 * as a half message in queue 0 of {@code RMQ_SYS_TRANS_HALF_TOPIC}, remembering its topic and queue
 * ({@code REAL_TOPIC}, {@code REAL_QID}) and its transaction id, with the transaction bits cleared so
 * the half topic's own queue indexes it. Consumers of the real topic never see it.
 */
public final class HalfMessages {

    static final String HALF_TOPIC = SystemTopics.TRANS_HALF_TOPIC.value();
    static final String OP_TOPIC = SystemTopics.TRANS_OP_HALF_TOPIC.value();
    static final String CHECK_MAX_TIME_TOPIC = SystemTopics.TRANS_CHECK_MAX_TIME_TOPIC.value();

    static final String TRANSACTION_PREPARED = "TRAN_MSG";
    static final String PRODUCER_GROUP = "PGROUP";
    static final String TRANSACTION_ID = "__transactionId__";
    static final String CHECK_TIMES = "TRANSACTION_CHECK_TIMES";
    static final String CHECK_IMMUNITY_SECONDS = "CHECK_IMMUNITY_TIME_IN_SECONDS";

    private HalfMessages() {
    }

    /** Whether a message sent with these properties is the first half of a transaction. */
    public static boolean isHalf(String properties) {
        return "true".equals(MessageProperties.get(properties, TRANSACTION_PREPARED));
    }

    /** {@code message} as it waits for its transaction's outcome. */
    public static Message park(Message message) {
        Map<String, String> properties = MessageProperties.decode(message.properties());
        String uniqueKey = properties.get(MessageProperties.UNIQ_KEY);
        if (uniqueKey != null && !uniqueKey.isEmpty()) {
            properties.put(TRANSACTION_ID, uniqueKey);
        }
        properties.put(MessageProperties.REAL_TOPIC, message.topic());
        properties.put(MessageProperties.REAL_QUEUE_ID, Integer.toString(message.queueId()));
        return new Message(HALF_TOPIC, 0, message.flag(), message.body(), MessageProperties.encode(properties),
                message.sysFlag() & ~MessageSysFlag.TRANSACTION_MASK, message.bornTimestamp(), message.bornHost(),
                message.reconsumeTimes(), message.preparedTransactionOffset());
    }

    /** Where a half message belongs; null when it does not say (not parked by this broker). */
    record Destination(String topic, int queueId) {
    }

    static Destination destinationOf(Map<String, String> properties) {
        String topic = properties.get(MessageProperties.REAL_TOPIC);
        String queue = properties.get(MessageProperties.REAL_QUEUE_ID);
        if (topic == null || topic.isEmpty() || queue == null) {
            return null;
        }
        try {
            int queueId = Integer.parseInt(queue.trim());
            return queueId < 0 ? null : new Destination(topic, queueId);
        } catch (NumberFormatException notANumber) {
            return null;
        }
    }

    /** The half message as a message for {@code topic} and {@code queueId}, properties as given. */
    static Message copy(StoredMessage half, String topic, int queueId, Map<String, String> properties, int sysFlag,
            long preparedTransactionOffset) {
        return new Message(topic, queueId, half.flag(), half.body(), MessageProperties.encode(properties), sysFlag,
                half.bornTimestamp(), half.bornHost(), half.reconsumeTimes(), preparedTransactionOffset);
    }
}

package io.hexmq.client;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One message's path as its producers and consumers traced it ({@link Admin#messageTrace}): the records the
 * official clients (and RocketMQ's trace format) write to the trace topic, keyed by the message id.
 *
 * @param msgId            the message id (UNIQ_KEY) asked for
 * @param sends            each traced send of it, in time order
 * @param consumptions     each traced delivery to a consumer, in time order
 * @param transactionEnds  each traced commit or rollback of a transactional message, in time order
 */
public record MessageTrace(String msgId, List<Send> sends, List<Consumption> consumptions,
                           List<TransactionEnd> transactionEnds) {

    public MessageTrace {
        Objects.requireNonNull(msgId, "msgId");
        sends = List.copyOf(sends);
        consumptions = List.copyOf(consumptions);
        transactionEnds = List.copyOf(transactionEnds);
    }

    /** Whether no trace record names the message. */
    public boolean isEmpty() {
        return sends.isEmpty() && consumptions.isEmpty() && transactionEnds.isEmpty();
    }

    /**
     * A send, as the producer traced it.
     *
     * @param group       the producer group
     * @param clientHost  the producer's address, as its trace record was sent from
     * @param timestamp   when the send started, epoch ms
     * @param costMillis  how long the send took
     * @param success     whether the broker stored it
     * @param storeHost   the broker that stored it
     * @param offsetMsgId the stored message's offset id
     * @param region      the broker's region ({@code MSG_REGION} of the send's answer)
     */
    public record Send(String group, String topic, String tags, String keys, String clientHost, long timestamp,
                       long costMillis, boolean success, String storeHost, String offsetMsgId, int bodyLength,
                       String region) {
    }

    /**
     * A delivery to a consumer: its start (SubBefore) and, once the listener answered, its end (SubAfter),
     * matched by the consumer's request id.
     *
     * @param group      the consumer group
     * @param clientHost the consumer's address
     * @param timestamp  when the listener got the message, epoch ms
     * @param retryTimes the message's reconsume count at that delivery
     * @param costMillis how long the listener took; empty until it answered (or when its record is lost)
     * @param success    whether the listener consumed it; empty until it answered
     */
    public record Consumption(String group, String clientHost, long timestamp, int retryTimes,
                              Optional<Long> costMillis, Optional<Boolean> success, String region) {
    }

    /**
     * The end of a transactional message's transaction.
     *
     * @param state                COMMIT_MESSAGE, ROLLBACK_MESSAGE or UNKNOW, as the producer ended it
     * @param fromTransactionCheck whether the end answered the broker's check-back
     */
    public record TransactionEnd(String group, String clientHost, long timestamp, String transactionId, String state,
                                 boolean fromTransactionCheck) {
    }
}

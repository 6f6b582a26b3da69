package io.hexmq.remoting.trace;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One message's path as its trace records tell it: each send, each delivery to a consumer, each transaction end.
 * What the SDK's admin and the broker's console both read from the trace topic ({@link TraceReader}).
 */
public record TracePath(String msgId, List<Send> sends, List<Consumption> consumptions,
                        List<TransactionEnd> transactionEnds) {

    public TracePath {
        Objects.requireNonNull(msgId, "msgId");
        sends = List.copyOf(sends);
        consumptions = List.copyOf(consumptions);
        transactionEnds = List.copyOf(transactionEnds);
    }

    public boolean isEmpty() {
        return sends.isEmpty() && consumptions.isEmpty() && transactionEnds.isEmpty();
    }

    /** @param clientHost the producer's address (the trace message's born host) */
    public record Send(String group, String topic, String tags, String keys, String clientHost, long timestamp,
                       long costMillis, boolean success, String storeHost, String offsetMsgId, int bodyLength,
                       String region) {
    }

    /** @param costMillis and {@code success} empty while the consumer has not reported the end */
    public record Consumption(String group, String clientHost, long timestamp, int retryTimes,
                              Optional<Long> costMillis, Optional<Boolean> success, String region) {
    }

    public record TransactionEnd(String group, String clientHost, long timestamp, String transactionId, String state,
                                 boolean fromTransactionCheck) {
    }
}

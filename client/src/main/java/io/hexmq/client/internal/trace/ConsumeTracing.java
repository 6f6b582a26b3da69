package io.hexmq.client.internal.trace;

import io.hexmq.client.ConsumeResult;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.domain.message.MessageProperties;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A consumer's trace, when it has one: a SubBefore record as a message reaches the application and a SubAfter
 * once it is done with it, paired by a request id. A message its producer marked {@code TRACE_ON=false} is not
 * traced, as RocketMQ's clients skip it.
 */
public final class ConsumeTracing implements AutoCloseable {

    /** RocketMQ's consume return types, by ordinal: what a SubAfter's context code says of the listener. */
    private static final int RETURNED_SUCCESS = 0;
    private static final int THREW = 2;
    private static final int RETURNED_NULL = 3;
    private static final int RETURNED_FAILURE = 4;

    private final String group;
    private final Optional<TraceDispatcher> dispatcher;
    private final Supplier<String> requestIds;
    private final LongSupplier millis;

    private ConsumeTracing(String group, Optional<TraceDispatcher> dispatcher, Supplier<String> requestIds,
                           LongSupplier millis) {
        this.group = group;
        this.dispatcher = dispatcher;
        this.requestIds = requestIds;
        this.millis = millis;
    }

    public static ConsumeTracing off(String group) {
        return new ConsumeTracing(group, Optional.empty(), () -> "", () -> 0);
    }

    /**
     * @param requestIds ids pairing a SubBefore with its SubAfter (RocketMQ's unique-id format)
     * @param millis     the client's clock, epoch ms
     */
    public static ConsumeTracing on(String group, TraceDispatcher dispatcher, Supplier<String> requestIds,
                                    LongSupplier millis) {
        return new ConsumeTracing(group, Optional.of(dispatcher), requestIds, millis);
    }

    /** Traces the listener getting {@code message}; what {@link #answered} needs to trace its answer. */
    public Optional<TraceRecord.Delivered> delivering(ReceivedMessage message) {
        if (dispatcher.isEmpty() || "false".equals(message.properties().get(MessageProperties.TRACE_ON))) {
            return Optional.empty();
        }
        TraceRecord.Delivered delivered = new TraceRecord.Delivered(millis.getAsLong(),
                message.properties().get(MessageProperties.MSG_REGION), group, requestIds.get(), message.msgId(),
                message.reconsumeTimes(), message.keys());
        dispatcher.get().append(TraceRecord.subBefore(delivered));
        return Optional.of(delivered);
    }

    /** Traces the listener's answer (null when it returned none) to a delivery {@link #delivering} traced. */
    public void answered(Optional<TraceRecord.Delivered> delivered, ConsumeResult result) {
        int contextCode = result == null ? RETURNED_NULL
                : result == ConsumeResult.SUCCESS ? RETURNED_SUCCESS : RETURNED_FAILURE;
        answered(delivered, result == ConsumeResult.SUCCESS, contextCode);
    }

    /** Traces a listener throwing on a delivery {@link #delivering} traced. */
    public void threw(Optional<TraceRecord.Delivered> delivered) {
        answered(delivered, false, THREW);
    }

    private void answered(Optional<TraceRecord.Delivered> delivered, boolean success, int contextCode) {
        delivered.ifPresent(delivery -> {
            long now = millis.getAsLong();
            dispatcher.orElseThrow().append(TraceRecord.subAfter(new TraceRecord.Answered(delivery, now,
                    now - delivery.timestamp(), success, contextCode)));
        });
    }

    /**
     * Traces messages a poll hands to the application, as RocketMQ's lite pull consumer does: each gets its
     * SubBefore and straight away a successful SubAfter, since what the application then does is not seen.
     */
    public void polled(List<ReceivedMessage> messages) {
        for (ReceivedMessage message : messages) {
            answered(delivering(message), true, RETURNED_SUCCESS);
        }
    }

    @Override
    public void close() {
        dispatcher.ifPresent(TraceDispatcher::close);
    }
}

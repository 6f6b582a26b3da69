package io.hexmq.client.internal.trace;

import io.hexmq.client.Message;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.SendStatus;
import io.hexmq.remoting.header.SendMessageResponseHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A producer's trace, when it has one: a {@code traceparent} on each message the user gave none, and a Pub
 * record after each stored message (as RocketMQ's clients, none for a failed send, and none when the broker
 * answers that it does not trace).
 */
public final class ProducerTracing implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ProducerTracing.class);

    private final String group;
    private final Optional<TraceDispatcher> dispatcher;

    private ProducerTracing(String group, Optional<TraceDispatcher> dispatcher) {
        this.group = group;
        this.dispatcher = dispatcher;
    }

    public static ProducerTracing off(String group) {
        return new ProducerTracing(group, Optional.empty());
    }

    public static ProducerTracing on(String group, TraceDispatcher dispatcher) {
        return new ProducerTracing(group, Optional.of(dispatcher));
    }

    /** Properties to add to {@code message}'s own. */
    public Map<String, String> addedProperties(Message message) {
        return dispatcher.isPresent() ? TraceParent.propertyFor(message.properties()) : Map.of();
    }

    /**
     * Traces a stored message.
     *
     * @param storeHost the broker address it was sent to
     * @param response  the broker's answer (its region and whether it traces)
     */
    public void sent(Message message, String storeHost, RemotingCommand response, SendReceipt receipt,
                     long startMillis, long endMillis) {
        if (dispatcher.isEmpty() || message.topic().equals(dispatcher.get().traceTopic())) {
            return;
        }
        try {
            HeaderReader header = response.header();
            if (header.booleanOf(SendMessageResponseHeader.TRACE_ON)) {
                trace(message, storeHost, header.stringOf(SendMessageResponseHeader.MSG_REGION), receipt,
                        startMillis, endMillis);
            }
        } catch (RuntimeException e) {
            // The send succeeded; a trace it cannot have must not make it look failed.
            LOG.warn("Tracing the send of {} failed", receipt.msgId(), e);
        }
    }

    private void trace(Message message, String storeHost, String region, SendReceipt receipt, long startMillis,
                       long endMillis) {
        int type = message.delayLevel() > 0 ? TraceRecord.DELAYED_MESSAGE : TraceRecord.NORMAL_MESSAGE;
        dispatcher.get().append(TraceRecord.pub(new TraceRecord.Sent(startMillis,
                region, group, message.topic(), receipt.msgId(),
                message.tags().orElse(null), message.keys(), storeHost, message.body().length,
                endMillis - startMillis, type, receipt.offsetMsgId(), receipt.status() == SendStatus.SEND_OK)));
    }

    @Override
    public void close() {
        dispatcher.ifPresent(TraceDispatcher::close);
    }
}

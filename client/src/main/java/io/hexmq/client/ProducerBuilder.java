package io.hexmq.client;

import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.producer.ProducerSettings;
import io.hexmq.client.internal.producer.DefaultProducer;
import io.hexmq.client.internal.trace.ProducerTracing;
import java.time.Duration;
import java.util.Objects;

/**
 * Configures a {@link Producer}; from {@link HexmqClient#newProducer()}. Only the group is required:
 *
 * <pre>{@code
 * Producer producer = client.newProducer().group("orders-producer").build();
 * }</pre>
 */
public final class ProducerBuilder {

    private final ClientInstance instance;
    private String group;
    private Duration sendTimeout = ProducerSettings.DEFAULT_SEND_TIMEOUT;
    private int retries = ProducerSettings.DEFAULT_RETRIES;
    private int defaultTopicQueueNums = ProducerSettings.DEFAULT_TOPIC_QUEUE_NUMS;
    private int maxMessageSize = ProducerSettings.DEFAULT_MAX_MESSAGE_SIZE;
    private String traceTopic;

    ProducerBuilder(ClientInstance instance) {
        this.instance = instance;
    }

    /** The producer group (required): brokers know producers by it. */
    public ProducerBuilder group(String value) {
        this.group = Objects.requireNonNull(value, "group");
        return this;
    }

    /** The whole time a send may take, retries included. Default 3 s. */
    public ProducerBuilder sendTimeout(Duration value) {
        this.sendTimeout = Objects.requireNonNull(value, "sendTimeout");
        return this;
    }

    /** How many more times a failed send is tried on another broker. Default 2; 0 disables retries. */
    public ProducerBuilder retries(int value) {
        this.retries = value;
        return this;
    }

    /**
     * Queues a broker gives a topic it creates on the first send (when the broker auto-creates topics,
     * RocketMQ's {@code autoCreateTopicEnable}). Default 4.
     */
    public ProducerBuilder defaultTopicQueueNums(int value) {
        this.defaultTopicQueueNums = value;
        return this;
    }

    /** Largest body (a batch: largest encoded batch) sent; larger ones are refused locally. Default 4 MiB. */
    public ProducerBuilder maxMessageSize(int value) {
        this.maxMessageSize = value;
        return this;
    }

    /**
     * Writes RocketMQ's message trace (off by default): a Pub record for each message stored, in the trace
     * topic RMQ_SYS_TRACE_TOPIC, read back by {@link Admin#messageTrace} or {@code mqadmin queryMsgTraceById}.
     * Records are written in the background; when they come faster than they can be written, some are dropped
     * rather than slowing sends down. Each message also gets a W3C {@code traceparent} property, unless it has
     * one, so OpenTelemetry users can join the message to their traces. Batches are not traced.
     */
    public ProducerBuilder enableTrace() {
        return enableTrace(TraceWriters.DEFAULT_TOPIC);
    }

    /** {@link #enableTrace()} into {@code traceTopic} (RocketMQ's customized trace topic). */
    public ProducerBuilder enableTrace(String traceTopic) {
        this.traceTopic = Objects.requireNonNull(traceTopic, "traceTopic");
        return this;
    }

    /** Registers the group with the client (it joins the heartbeats) and returns the producer. */
    public Producer build() {
        if (group == null) {
            throw new IllegalStateException("a producer needs a group: call group(...) first");
        }
        ProducerSettings settings = new ProducerSettings(group, sendTimeout, retries, defaultTopicQueueNums,
                maxMessageSize);
        ProducerTracing tracing = traceTopic == null ? ProducerTracing.off(group)
                : ProducerTracing.on(group, TraceWriters.start(instance, group, "PRODUCER", traceTopic));
        return new DefaultProducer(instance, settings, tracing);
    }
}

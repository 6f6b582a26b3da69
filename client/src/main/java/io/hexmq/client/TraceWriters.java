package io.hexmq.client;

import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.producer.DefaultProducer;
import io.hexmq.client.internal.producer.ProducerSettings;
import io.hexmq.client.internal.trace.ConsumeTracing;
import io.hexmq.client.internal.trace.TraceDispatcher;
import io.hexmq.remoting.trace.TraceFormat;
import io.hexmq.domain.topic.SystemTopics;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Starts the trace writer of a producer or consumer that enabled trace: a producer of its own (not traced,
 * in a group named after the traced one, as RocketMQ's clients name theirs) behind a {@link TraceDispatcher}.
 */
final class TraceWriters {

    static final String DEFAULT_TOPIC = SystemTopics.TRACE_TOPIC.value();

    private TraceWriters() {
    }

    /** A consumer's tracing: off when {@code traceTopic} is null. */
    static ConsumeTracing consumeTracing(ClientInstance instance, String group, String traceTopic) {
        return traceTopic == null ? ConsumeTracing.off(group) : ConsumeTracing.on(group,
                start(instance, group, "CONSUMER", traceTopic), instance::nextUniqueId, instance.clock()::millis);
    }

    static TraceDispatcher start(ClientInstance instance, String tracedGroup, String role, String traceTopic) {
        DefaultProducer writer = new DefaultProducer(instance, new ProducerSettings(
                TraceFormat.WRITER_GROUP_PREFIX + tracedGroup + "-" + role, ProducerSettings.DEFAULT_SEND_TIMEOUT,
                ProducerSettings.DEFAULT_RETRIES, ProducerSettings.DEFAULT_TOPIC_QUEUE_NUMS,
                ProducerSettings.DEFAULT_MAX_MESSAGE_SIZE));
        AtomicReference<TraceDispatcher> self = new AtomicReference<>();
        TraceDispatcher dispatcher = new TraceDispatcher(tracedGroup + "-" + role, traceTopic,
                TraceDispatcher.DEFAULT_BUFFER, writer::sendAsync, () -> {
                    instance.removeComponent(self.get());
                    writer.close();
                });
        self.set(dispatcher);
        // Closing the client stops the writer thread of a producer or consumer the application left open.
        instance.addComponent(dispatcher);
        return dispatcher;
    }
}

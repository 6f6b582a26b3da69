package io.hexmq.client.internal.pull;

import io.hexmq.client.MessageQueue;
import io.hexmq.client.PullConsumer;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.trace.ConsumeTracing;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/** A pull consumer that traces what each poll hands out ({@link ConsumeTracing#polled}); the rest it passes on. */
public final class TracedPullConsumer implements PullConsumer {

    private final PullConsumer consumer;
    private final ConsumeTracing tracing;

    public TracedPullConsumer(PullConsumer consumer, ConsumeTracing tracing) {
        this.consumer = Objects.requireNonNull(consumer, "consumer");
        this.tracing = Objects.requireNonNull(tracing, "tracing");
    }

    @Override
    public List<ReceivedMessage> poll(Duration timeout) {
        List<ReceivedMessage> messages = consumer.poll(timeout);
        tracing.polled(messages);
        return messages;
    }

    @Override
    public void close() {
        consumer.close();
        tracing.close();
    }

    @Override
    public String group() {
        return consumer.group();
    }

    @Override
    public List<MessageQueue> queues(String topic) {
        return consumer.queues(topic);
    }

    @Override
    public void assign(Collection<MessageQueue> queues) {
        consumer.assign(queues);
    }

    @Override
    public Set<MessageQueue> assignment() {
        return consumer.assignment();
    }

    @Override
    public void seek(MessageQueue queue, long offset) {
        consumer.seek(queue, offset);
    }

    @Override
    public void seekToBeginning(Collection<MessageQueue> queues) {
        consumer.seekToBeginning(queues);
    }

    @Override
    public void seekToEnd(Collection<MessageQueue> queues) {
        consumer.seekToEnd(queues);
    }

    @Override
    public void seekToTimestamp(MessageQueue queue, Instant timestamp) {
        consumer.seekToTimestamp(queue, timestamp);
    }

    @Override
    public long position(MessageQueue queue) {
        return consumer.position(queue);
    }

    @Override
    public void commitSync() {
        consumer.commitSync();
    }

    @Override
    public void commitSync(Map<MessageQueue, Long> offsets) {
        consumer.commitSync(offsets);
    }

    @Override
    public OptionalLong committed(MessageQueue queue) {
        return consumer.committed(queue);
    }

    @Override
    public String toString() {
        return consumer.toString();
    }
}

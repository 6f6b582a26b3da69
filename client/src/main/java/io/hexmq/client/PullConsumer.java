package io.hexmq.client;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads the queues it is given, at positions it controls; from {@link HexmqClient#newPullConsumer()}.
 * Not shared out among group members: the application assigns queues. Each assigned queue has a
 * position, the offset of the next message {@link #poll} returns; it starts at the group's committed
 * offset, or where {@link PullConsumerBuilder} says when there is none, and moves with polls and seeks.
 *
 * <pre>{@code
 * PullConsumer consumer = client.newPullConsumer().group("audit").build();
 * consumer.assign(consumer.queues("orders"));
 * consumer.seekToBeginning(consumer.assignment());
 * List<ReceivedMessage> messages = consumer.poll(Duration.ofSeconds(1));
 * consumer.commitSync();
 * }</pre>
 *
 * <p>Queues are fetched ahead in the background (a long-polling pull per queue), so {@code poll}
 * returns as soon as any assigned queue has messages. One thread at a time should call a pull consumer.
 */
public interface PullConsumer extends AutoCloseable {

    /** The consumer group whose offsets {@link #commitSync()} and {@link #committed} use. */
    String group();

    /** The readable queues of {@code topic}, fetching its route if needed. */
    List<MessageQueue> queues(String topic);

    /** Reads exactly these queues from now on (replacing the previous assignment). */
    void assign(Collection<MessageQueue> queues);

    Set<MessageQueue> assignment();

    /** Moves the queue's position to {@code offset}. */
    void seek(MessageQueue queue, long offset);

    /** Moves each queue's position to its first available message. */
    void seekToBeginning(Collection<MessageQueue> queues);

    /** Moves each queue's position past its last message: only new messages are read. */
    void seekToEnd(Collection<MessageQueue> queues);

    /** Moves the queue's position to the first message stored at or after {@code timestamp}. */
    void seekToTimestamp(MessageQueue queue, Instant timestamp);

    /** The offset of the next message {@link #poll} returns from the queue. */
    long position(MessageQueue queue);

    /**
     * The messages available now from the assigned queues, waiting at most {@code timeout} for some to
     * arrive; empty when none did. Advances the positions past the messages returned.
     */
    List<ReceivedMessage> poll(Duration timeout);

    /** Commits every assigned queue's position as the group's offset, waiting for the brokers. */
    void commitSync();

    /** Commits the given offsets (the offset of the next message to read) as the group's. */
    void commitSync(Map<MessageQueue, Long> offsets);

    /** The group's committed offset of the queue; empty when it has none. */
    OptionalLong committed(MessageQueue queue);

    /** Unregisters the group from the brokers and stops fetching. Does not commit. Idempotent. */
    @Override
    void close();
}

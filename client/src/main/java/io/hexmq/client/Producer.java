package io.hexmq.client;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Sends messages on behalf of one producer group. Get one from {@link HexmqClient#newProducer()};
 * it is thread-safe, and one per group is enough for a whole application.
 *
 * <p><b>Queue choice.</b> Without a queue or selector, sends go round-robin over the topic's writable
 * queues, and after a failure the next attempt avoids the broker that failed.
 *
 * <p><b>Retries.</b> A send that fails with a retryable code (17 TOPIC_NOT_EXIST, 14 SERVICE_NOT_AVAILABLE,
 * 1 SYSTEM_ERROR, 2 SYSTEM_BUSY, 16 NO_PERMISSION, 204, 205, 1500 GO_AWAY), a timeout or a broken connection
 * is tried again on another broker, up to {@link ProducerBuilder#retries(int)} more times and within
 * the one {@link ProducerBuilder#sendTimeout send timeout}; the topic's route is refreshed first.
 * Sends to a chosen queue or through a selector are not moved to another broker: they are tried once.
 *
 * <p><b>Errors.</b> Sync sends throw {@link HexmqClientException}; async sends complete their future
 * exceptionally with one. Invalid arguments throw {@link IllegalArgumentException} at once.
 *
 * <p><b>Threads.</b> Futures of async sends complete on the client's callback threads, never on its
 * I/O threads, so a callback may block briefly or even send synchronously.
 */
public interface Producer extends AutoCloseable {

    /** The producer group. */
    String group();

    /** Sends and waits for the broker's answer. */
    SendReceipt send(Message message);

    /** Sends to {@code queue}, once. */
    SendReceipt send(Message message, MessageQueue queue);

    /** Sends to the queue {@code selector} picks for {@code arg} (ordered messages), once. */
    SendReceipt send(Message message, MessageQueueSelector selector, Object arg);

    /** Sends without waiting; the future completes with the answer. */
    CompletableFuture<SendReceipt> sendAsync(Message message);

    /** Sends to {@code queue} without waiting. */
    CompletableFuture<SendReceipt> sendAsync(Message message, MessageQueue queue);

    /** Sends to the queue {@code selector} picks without waiting. */
    CompletableFuture<SendReceipt> sendAsync(Message message, MessageQueueSelector selector, Object arg);

    /**
     * Sends without any answer (the broker writes none): fastest, and nothing tells whether the message
     * was stored. Returns once the request is written, or throws if it could not be.
     */
    void sendOneway(Message message);

    /**
     * Sends several messages of one topic in one request, stored as separate messages in one queue.
     * Batches cannot carry delay levels.
     */
    SendReceipt sendBatch(List<Message> messages);

    /** Sends a batch to {@code queue}, once. */
    SendReceipt sendBatch(List<Message> messages, MessageQueue queue);

    /** Sends a batch without waiting. */
    CompletableFuture<SendReceipt> sendBatchAsync(List<Message> messages);

    /** The topic's writable queues, as sends choose among them (fetching the route if needed). */
    List<MessageQueue> queues(String topic);

    /** Unregisters the group from the brokers; sends after this fail. Does not close the client. */
    @Override
    void close();
}

package io.hexmq.client;

/**
 * Consumes one message of a {@link PushConsumer}. Runs on the consumer's consume threads. Throwing
 * counts as {@link ConsumeResult#RECONSUME_LATER}; so does returning {@code null}.
 *
 * <p>Delivery is at least once: after a rebalance, a crash, or a failed commit a message may come
 * again, so consume idempotently (the {@link ReceivedMessage#msgId()} stays the same).
 */
@FunctionalInterface
public interface MessageListener {

    ConsumeResult consume(ReceivedMessage message);
}

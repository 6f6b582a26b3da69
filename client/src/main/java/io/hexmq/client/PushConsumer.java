package io.hexmq.client;

import java.util.Set;

/**
 * Receives the messages of its subscriptions and hands each to its {@link MessageListener}; from
 * {@link HexmqClient#newPushConsumer()}, started by {@link PushConsumerBuilder#build()}.
 *
 * <p><b>Clustering</b> (the default): the group's members share each topic's queues out (RocketMQ's
 * averaging strategy, so hexmq and official consumers can share a group), again when a member comes
 * or goes and every 20 s; offsets are kept by the brokers. <b>Broadcasting</b>: every member reads every
 * queue; offsets are kept locally.
 *
 * <p>Each assigned queue has one long-polling pull in flight; pulling a queue pauses while it has more
 * unconsumed messages cached than {@link PushConsumerBuilder#maxCachedMessagesPerQueue(int)}. Offsets
 * are committed at {@link PushConsumerBuilder#commitInterval} and on {@link #close()}.
 */
public interface PushConsumer extends AutoCloseable {

    /** The consumer group. */
    String group();

    /** The queues this member pulls now, its start offset known (retry queues included). */
    Set<MessageQueue> assignment();

    /**
     * Stops pulling, lets the listener calls in progress finish, commits the offsets, releases orderly
     * queue locks, unregisters from the brokers and ends the consumer's threads. Idempotent. Does not
     * close the client.
     */
    @Override
    void close();
}

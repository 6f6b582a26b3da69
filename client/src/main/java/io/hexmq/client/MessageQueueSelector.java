package io.hexmq.client;

import java.util.List;

/**
 * Chooses the queue of a send, for messages that must stay in order: messages sent with the same
 * argument (an order id, say) land in the same queue, and a queue keeps its messages in order.
 */
@FunctionalInterface
public interface MessageQueueSelector {

    /**
     * @param queues  the topic's writable queues, sorted by broker name and queue id; never empty
     * @param message the message being sent
     * @param arg     the argument given to the send call
     * @return one of {@code queues}
     */
    MessageQueue select(List<MessageQueue> queues, Message message, Object arg);

    /** Picks the queue by the argument's hash code: equal arguments, same queue (while the queue count stays). */
    static MessageQueueSelector byArgumentHash() {
        return (queues, message, arg) -> queues.get(Math.floorMod(arg == null ? 0 : arg.hashCode(), queues.size()));
    }
}

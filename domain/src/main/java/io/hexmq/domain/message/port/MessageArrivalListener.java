package io.hexmq.domain.message.port;

/**
 * Told by the store when a message became readable in a topic-queue, so a parked (long-polling) pull
 * can be answered at once. Called on the store's dispatching thread after the consume-queue entry is
 * visible; implementations must be quick and must not block or call back into an append.
 */
@FunctionalInterface
public interface MessageArrivalListener {

    /**
     * @param topic the topic
     * @param queueId the queue
     * @param queueOffset the new message's logical offset (the queue's max offset is now one more)
     * @param tagsCode the message's tag code, for matching parked tag filters
     */
    void arrived(String topic, int queueId, long queueOffset, long tagsCode);
}

package io.hexmq.client;

/** What a {@link MessageListener} made of a message. */
public enum ConsumeResult {
    /** Consumed: the message's offset may be committed. */
    SUCCESS,
    /**
     * Not consumed now, deliver it again later. Concurrent consumers hand it back to the broker, which
     * redelivers it through the group's retry topic (up to the group's retry limit, then to the dead
     * letter topic); orderly consumers retry it in place after a pause, holding the queue back.
     */
    RECONSUME_LATER
}

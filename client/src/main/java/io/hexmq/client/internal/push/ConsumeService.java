package io.hexmq.client.internal.push;

import io.hexmq.client.ReceivedMessage;
import java.util.List;

/**
 * Hands pulled messages to the listener: {@link ConcurrentConsumeService} in no particular order,
 * {@link OrderlyConsumeService} one queue at a time in offset order.
 */
interface ConsumeService {

    /**
     * Called on a callback thread once {@code messages} are cached in {@code processQueue}; returns at
     * once, since the next pull of the queue waits for it.
     */
    void dispatch(ProcessQueue processQueue, List<ReceivedMessage> messages);
}

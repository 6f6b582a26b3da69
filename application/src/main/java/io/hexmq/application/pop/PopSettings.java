package io.hexmq.application.pop;

import io.hexmq.domain.pop.MessageRequestMode;
import java.util.Objects;

/**
 * Broker-side assignment's defaults and the POP long-polling limits (RocketMQ's property names).
 *
 * @param defaultMessageRequestMode how a group takes a topic's messages until SET_MESSAGE_REQUEST_MODE
 *                                  says otherwise: PULL (RocketMQ's default) or POP
 * @param defaultPopShareQueueNum   the POP share count that goes with it; -1, every client pops every queue
 * @param popPollingSize            how many POPs (and notifications) may wait on one queue of a topic for one
 *                                  group (queueId -1 counting as a queue of its own) before the next is
 *                                  answered POLLING_FULL; one more than this may wait, as on RocketMQ
 * @param maxPopPollingSize         how many may wait on the whole broker before the next is answered so
 */
public record PopSettings(MessageRequestMode defaultMessageRequestMode, int defaultPopShareQueueNum,
        int popPollingSize, long maxPopPollingSize) {

    public PopSettings {
        Objects.requireNonNull(defaultMessageRequestMode, "defaultMessageRequestMode");
        if (popPollingSize < 0 || maxPopPollingSize < 0) {
            throw new IllegalArgumentException("popPollingSize and maxPopPollingSize are 0 or more: "
                    + popPollingSize + ", " + maxPopPollingSize);
        }
    }

    public static PopSettings defaults() {
        return new PopSettings(MessageRequestMode.PULL, -1, 1024, 100_000);
    }
}

package io.hexmq.application.pop;

import io.hexmq.domain.pop.MessageRequestMode;
import java.util.Objects;

/**
 * Broker-side assignment's defaults (RocketMQ's property names).
 *
 * @param defaultMessageRequestMode how a group takes a topic's messages until SET_MESSAGE_REQUEST_MODE
 *                                  says otherwise: PULL (RocketMQ's default) or POP
 * @param defaultPopShareQueueNum   the POP share count that goes with it; -1, every client pops every queue
 */
public record PopSettings(MessageRequestMode defaultMessageRequestMode, int defaultPopShareQueueNum) {

    public PopSettings {
        Objects.requireNonNull(defaultMessageRequestMode, "defaultMessageRequestMode");
    }

    public static PopSettings defaults() {
        return new PopSettings(MessageRequestMode.PULL, -1);
    }
}

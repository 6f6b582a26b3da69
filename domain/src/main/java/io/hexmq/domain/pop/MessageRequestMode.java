package io.hexmq.domain.pop;

/** How a group's clients take messages of a topic when the broker assigns its queues: by pull, or by pop. */
public enum MessageRequestMode {
    PULL,
    POP
}

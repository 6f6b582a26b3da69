package io.hexmq.application.message;

/**
 * The broker settings the message paths obey, under RocketMQ's property names.
 *
 * @param maxMessageSize        largest body a send may carry, in bytes (4 MiB); larger ones are MESSAGE_ILLEGAL
 * @param longPollingEnable     a pull that finds nothing waits up to its own {@code suspendTimeoutMillis}
 *                              for a message; when off it waits {@code shortPollingTimeMills}
 * @param shortPollingTimeMills how long a pull waits when long polling is off (1000 ms)
 */
public record MessageSettings(int maxMessageSize, boolean longPollingEnable, long shortPollingTimeMills) {

    public static final int DEFAULT_MAX_MESSAGE_SIZE = 4 * 1024 * 1024;

    public MessageSettings {
        if (maxMessageSize <= 0) {
            throw new IllegalArgumentException("maxMessageSize must be positive: " + maxMessageSize);
        }
        if (shortPollingTimeMills <= 0) {
            throw new IllegalArgumentException("shortPollingTimeMills must be positive: " + shortPollingTimeMills);
        }
    }

    /** RocketMQ's defaults: 4 MiB bodies, long polling on, 1 s short polling. */
    public static MessageSettings defaults() {
        return new MessageSettings(DEFAULT_MAX_MESSAGE_SIZE, true, 1000);
    }
}

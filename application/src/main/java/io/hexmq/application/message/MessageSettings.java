package io.hexmq.application.message;

import io.hexmq.domain.message.DelayLevels;
import java.util.Objects;

/**
 * The broker settings the message paths obey, under RocketMQ's property names.
 *
 * @param maxMessageSize        largest body a send may carry, in bytes (4 MiB); larger ones are MESSAGE_ILLEGAL
 * @param longPollingEnable     a pull that finds nothing waits up to its own {@code suspendTimeoutMillis}
 *                              for a message; when off it waits {@code shortPollingTimeMills}
 * @param shortPollingTimeMills how long a pull waits when long polling is off (1000 ms)
 * @param messageDelayLevel     the delay levels ({@code "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m
 *                              30m 1h 2h"}); parse the property with {@link DelayLevels#parse}
 * @param timerMaxDelaySec      the furthest a timer message may be due, in seconds from its arrival (3 days);
 *                              a later one is MESSAGE_ILLEGAL
 * @param recallMessageEnable   producers may take back a timer message before it is due (RECALL_MESSAGE);
 *                              off by default, as on RocketMQ
 */
public record MessageSettings(int maxMessageSize, boolean longPollingEnable, long shortPollingTimeMills,
        DelayLevels messageDelayLevel, long timerMaxDelaySec, boolean recallMessageEnable) {

    public static final int DEFAULT_MAX_MESSAGE_SIZE = 4 * 1024 * 1024;
    public static final long DEFAULT_TIMER_MAX_DELAY_SEC = 3 * 24 * 3600;

    public MessageSettings {
        if (maxMessageSize <= 0) {
            throw new IllegalArgumentException("maxMessageSize must be positive: " + maxMessageSize);
        }
        if (shortPollingTimeMills <= 0) {
            throw new IllegalArgumentException("shortPollingTimeMills must be positive: " + shortPollingTimeMills);
        }
        Objects.requireNonNull(messageDelayLevel, "messageDelayLevel");
        if (timerMaxDelaySec <= 0) {
            throw new IllegalArgumentException("timerMaxDelaySec must be positive: " + timerMaxDelaySec);
        }
    }

    /** The settings without recall. */
    public MessageSettings(int maxMessageSize, boolean longPollingEnable, long shortPollingTimeMills,
            DelayLevels messageDelayLevel, long timerMaxDelaySec) {
        this(maxMessageSize, longPollingEnable, shortPollingTimeMills, messageDelayLevel, timerMaxDelaySec, false);
    }

    /** The settings with the default maximum timer delay. */
    public MessageSettings(int maxMessageSize, boolean longPollingEnable, long shortPollingTimeMills,
            DelayLevels messageDelayLevel) {
        this(maxMessageSize, longPollingEnable, shortPollingTimeMills, messageDelayLevel,
                DEFAULT_TIMER_MAX_DELAY_SEC);
    }

    /** The settings with RocketMQ's default delay levels. */
    public MessageSettings(int maxMessageSize, boolean longPollingEnable, long shortPollingTimeMills) {
        this(maxMessageSize, longPollingEnable, shortPollingTimeMills, DelayLevels.DEFAULT);
    }

    /** RocketMQ's defaults: 4 MiB bodies, long polling on, 1 s short polling, 18 delay levels, 3-day timers. */
    public static MessageSettings defaults() {
        return new MessageSettings(DEFAULT_MAX_MESSAGE_SIZE, true, 1000, DelayLevels.DEFAULT,
                DEFAULT_TIMER_MAX_DELAY_SEC);
    }
}

package io.hexmq.application.message;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.topic.SystemTopics;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The records that mark timer messages delivered: queue 0 of {@code rmq_sys_wheel_timer_delivered}, no
 * properties, body the parked queue offsets (queue 0 of {@code rmq_sys_wheel_timer}) as decimal text,
 * comma-separated, at most {@link #MAX_OFFSETS} to a record (about 20 KiB). Only
 * {@link DeliverDueTimerMessages} writes and reads them.
 */
final class TimerMarkers {

    static final String TOPIC = SystemTopics.TIMER_DELIVERED_TOPIC.value();
    static final int MAX_OFFSETS = 1024;

    private TimerMarkers() {
    }

    /** A marker naming {@code parkedOffsets[from, to)}. */
    static Message marking(List<Long> parkedOffsets, int from, int to, HostAddress host, long now) {
        StringBuilder body = new StringBuilder((to - from) * 8);
        for (int i = from; i < to; i++) {
            if (i > from) {
                body.append(',');
            }
            body.append(parkedOffsets.get(i).longValue());
        }
        return new Message(TOPIC, 0, 0, body.toString().getBytes(StandardCharsets.US_ASCII), "", 0, now, host, 0, 0L);
    }

    /** Hands each parked offset a marker's body names to {@code sink}; malformed parts are left out. */
    static void forEachOffset(byte[] body, LongConsumer sink) {
        long value = 0;
        boolean digits = false;
        boolean malformed = false;
        for (int i = 0; i <= body.length; i++) {
            byte b = i < body.length ? body[i] : (byte) ',';
            if (b == ',') {
                if (digits && !malformed) {
                    sink.accept(value);
                }
                value = 0;
                digits = false;
                malformed = false;
            } else if (b >= '0' && b <= '9' && value <= (Long.MAX_VALUE - (b - '0')) / 10) {
                value = value * 10 + (b - '0');
                digits = true;
            } else {
                malformed = true;
            }
        }
    }
}

package io.hexmq.client.internal;

import java.nio.ByteBuffer;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Makes the {@code UNIQ_KEY} of each message (the msgId users see), in the shape RocketMQ's clients
 * use (protocol.md §3.5), 16 bytes as 32 uppercase hex chars:
 *
 * <pre>
 * | client IPv4 (4) | pid (2) | instance hash (4) | ms since the month began (4) | counter (2) |
 * </pre>
 *
 * The first 10 bytes are fixed per client; time and counter make ids unique within it (65,536 ids per
 * millisecond before the counter could repeat within the same millisecond). Thread-safe.
 */
final class UniqueIds {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final char[] prefix;
    private final LongSupplier clock;
    private final AtomicInteger counter = new AtomicInteger();
    private volatile long monthStart;
    private volatile long nextMonthStart;

    UniqueIds(byte[] ip, long pid, int instanceHash, LongSupplier clock) {
        ByteBuffer fixed = ByteBuffer.allocate(10).put(ip, 0, 4).putShort((short) pid).putInt(instanceHash);
        this.prefix = hex(fixed.array());
        this.clock = clock;
    }

    String next() {
        long now = clock.getAsLong();
        if (now >= nextMonthStart || now < monthStart) {
            startMonthOf(now);
        }
        ByteBuffer variable = ByteBuffer.allocate(6).putInt((int) (now - monthStart))
                .putShort((short) counter.getAndIncrement());
        return new StringBuilder(32).append(prefix).append(hex(variable.array())).toString();
    }

    private synchronized void startMonthOf(long now) {
        ZonedDateTime month = java.time.Instant.ofEpochMilli(now).atZone(ZoneId.systemDefault())
                .withDayOfMonth(1).truncatedTo(ChronoUnit.DAYS);
        monthStart = month.toInstant().toEpochMilli();
        nextMonthStart = month.plusMonths(1).toInstant().toEpochMilli();
    }

    private static char[] hex(byte[] bytes) {
        char[] text = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            text[2 * i] = HEX[(bytes[i] >> 4) & 0xF];
            text[2 * i + 1] = HEX[bytes[i] & 0xF];
        }
        return text;
    }
}

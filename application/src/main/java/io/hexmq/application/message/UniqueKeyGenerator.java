package io.hexmq.application.message;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.time.port.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Makes the {@code UNIQ_KEY} of a message whose producer sent none (protocol.md §3.5), in the shape
 * official clients make theirs, because admin tools read the time back out of it to bound a lookup by
 * unique key: address (4 or 16 bytes), process id (2), an instance number (4), milliseconds since the
 * start of the current month (4), a counter (2), as uppercase hex.
 *
 * <p>Thread-safe; one allocation (the String) per key.
 */
public final class UniqueKeyGenerator {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final char[] prefix;
    private final Clock clock;
    private final ZoneId zone;
    private final AtomicInteger counter = new AtomicInteger();
    private volatile long monthStart;
    private volatile long nextMonthStart;

    /**
     * @param host the broker's address, whose IP leads every key
     * @param zone the zone whose calendar months the time part counts from
     */
    public UniqueKeyGenerator(HostAddress host, Clock clock, ZoneId zone) {
        Objects.requireNonNull(host, "host");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.zone = Objects.requireNonNull(zone, "zone");
        byte[] ip = host.ip();
        this.prefix = new char[(ip.length + 2 + 4) * 2];
        int at = 0;
        for (byte b : ip) {
            at = hex(prefix, at, b);
        }
        long pid = ProcessHandle.current().pid();
        at = hex(prefix, at, (byte) (pid >>> 8));
        at = hex(prefix, at, (byte) pid);
        int instance = ThreadLocalRandom.current().nextInt();
        for (int shift = 24; shift >= 0; shift -= 8) {
            at = hex(prefix, at, (byte) (instance >>> shift));
        }
    }

    public String next() {
        long now = clock.millis();
        if (now >= nextMonthStart || now < monthStart) {
            startMonth(now);
        }
        int sinceMonthStart = (int) (now - monthStart);
        int count = counter.getAndIncrement();
        char[] key = new char[prefix.length + 12];
        System.arraycopy(prefix, 0, key, 0, prefix.length);
        int at = prefix.length;
        for (int shift = 24; shift >= 0; shift -= 8) {
            at = hex(key, at, (byte) (sinceMonthStart >>> shift));
        }
        at = hex(key, at, (byte) (count >>> 8));
        hex(key, at, (byte) count);
        return new String(key);
    }

    private synchronized void startMonth(long now) {
        LocalDate first = Instant.ofEpochMilli(now).atZone(zone).toLocalDate().withDayOfMonth(1);
        ZonedDateTime start = first.atStartOfDay(zone);
        monthStart = start.toInstant().toEpochMilli();
        nextMonthStart = start.plusMonths(1).toInstant().toEpochMilli();
    }

    private static int hex(char[] text, int at, byte b) {
        text[at] = HEX[(b >> 4) & 0xF];
        text[at + 1] = HEX[b & 0xF];
        return at + 2;
    }
}

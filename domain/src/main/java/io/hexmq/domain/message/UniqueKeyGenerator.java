package io.hexmq.domain.message;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Makes the {@code UNIQ_KEY} of a message (the msgId users see; protocol.md §3.5) in the shape official
 * clients make theirs, because admin tools read the time back out of it to bound a look-up by unique
 * key. The SDK makes one for every message it sends, the broker one for a message whose producer sent
 * none. Uppercase hex of
 *
 * <pre>
 * | IP (4 or 16) | pid (2) | instance (4) | ms since the month began (4) | counter (2) |
 * </pre>
 *
 * The leading part is fixed per generator; time and counter make keys unique within it (65,536 keys
 * per millisecond before the counter could repeat within the same millisecond).
 *
 * <p>Thread-safe; one allocation (the String) per key.
 */
public final class UniqueKeyGenerator {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final char[] prefix;
    private final LongSupplier millis;
    private final ZoneId zone;
    private final AtomicInteger counter = new AtomicInteger();
    private volatile long monthStart;
    private volatile long nextMonthStart;

    /**
     * @param ip       the address (4 or 16 bytes) that leads every key
     * @param pid      the process id, of which the low 16 bits are kept
     * @param instance tells generators of one process apart
     * @param millis   the wall clock, milliseconds since the epoch (the broker's Clock, or the system's)
     * @param zone     the zone whose calendar months the time part counts from
     */
    public UniqueKeyGenerator(byte[] ip, long pid, int instance, LongSupplier millis, ZoneId zone) {
        Objects.requireNonNull(ip, "ip");
        this.millis = Objects.requireNonNull(millis, "millis");
        this.zone = Objects.requireNonNull(zone, "zone");
        this.prefix = new char[(ip.length + 2 + 4) * 2];
        int at = 0;
        for (byte b : ip) {
            at = hex(prefix, at, b);
        }
        at = hex(prefix, at, (byte) (pid >>> 8));
        at = hex(prefix, at, (byte) pid);
        for (int shift = 24; shift >= 0; shift -= 8) {
            at = hex(prefix, at, (byte) (instance >>> shift));
        }
    }

    /** A generator of this process (its pid, a random instance) whose keys start with {@code host}'s IP. */
    public UniqueKeyGenerator(HostAddress host, LongSupplier millis, ZoneId zone) {
        this(Objects.requireNonNull(host, "host").ip(), ProcessHandle.current().pid(),
                ThreadLocalRandom.current().nextInt(), millis, zone);
    }

    public String next() {
        long now = millis.getAsLong();
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

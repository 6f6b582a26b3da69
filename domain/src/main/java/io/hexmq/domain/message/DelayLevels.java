package io.hexmq.domain.message;

import java.util.Arrays;
import java.util.Objects;

/**
 * The broker's delay levels ({@code messageDelayLevel}, protocol.md §4.3): level n (from 1) waits the
 * n-th duration of the table, and its delayed messages wait in queue n − 1 of the schedule topic. A
 * message asking for a level above the last one waits as long as the last one does.
 *
 * <p>The text form is RocketMQ's: durations separated by spaces, each a positive whole number with one
 * unit of {@code s}, {@code m}, {@code h} or {@code d}, e.g. {@code "1s 5s 10s 30s 1m"}.
 */
public final class DelayLevels {

    /** RocketMQ's default table: 18 levels from one second to two hours. */
    public static final String DEFAULT_TEXT = "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h";
    public static final DelayLevels DEFAULT = parse(DEFAULT_TEXT);

    private final long[] delayMillis;
    private final String text;

    private DelayLevels(long[] delayMillis, String text) {
        this.delayMillis = delayMillis;
        this.text = text;
    }

    /**
     * @throws IllegalArgumentException when the text holds no level or a malformed duration
     */
    public static DelayLevels parse(String text) {
        Objects.requireNonNull(text, "text");
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("messageDelayLevel must name at least one delay");
        }
        String[] parts = trimmed.split("\\s+");
        long[] millis = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            millis[i] = durationMillis(parts[i]);
        }
        return new DelayLevels(millis, String.join(" ", parts));
    }

    private static long durationMillis(String part) {
        if (part.length() < 2) {
            throw new IllegalArgumentException("bad delay '" + part + "': expected a number and one of s, m, h, d");
        }
        long unit = switch (part.charAt(part.length() - 1)) {
            case 's' -> 1_000L;
            case 'm' -> 60_000L;
            case 'h' -> 3_600_000L;
            case 'd' -> 86_400_000L;
            default -> throw new IllegalArgumentException(
                    "bad delay '" + part + "': the unit must be one of s, m, h, d");
        };
        long amount;
        try {
            amount = Long.parseLong(part.substring(0, part.length() - 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad delay '" + part + "': not a whole number", e);
        }
        if (amount <= 0 || amount > Long.MAX_VALUE / unit) {
            throw new IllegalArgumentException("bad delay '" + part + "': must be positive and not absurdly long");
        }
        return amount * unit;
    }

    /** The highest level (18 by default). */
    public int maxLevel() {
        return delayMillis.length;
    }

    /** {@code level} capped at {@link #maxLevel()}; the caller has checked that it is positive. */
    public int clamp(int level) {
        if (level <= 0) {
            throw new IllegalArgumentException("a delay level is positive: " + level);
        }
        return Math.min(level, delayMillis.length);
    }

    /** How long a (clamped) level waits. */
    public long delayMillis(int level) {
        return delayMillis[clamp(level) - 1];
    }

    /** The schedule-topic queue of a (clamped) level. */
    public int queueIdOf(int level) {
        return clamp(level) - 1;
    }

    /** The text form, normalised to single spaces. */
    public String text() {
        return text;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DelayLevels levels && Arrays.equals(delayMillis, levels.delayMillis);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(delayMillis);
    }

    @Override
    public String toString() {
        return text;
    }
}

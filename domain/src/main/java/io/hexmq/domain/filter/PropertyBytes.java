package io.hexmq.domain.filter;

import io.hexmq.domain.message.MessageProperties;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads property values straight from an encoded properties region ({@code name \u0001 value \u0002}
 * repeated, UTF-8; protocol.md §3.4) without decoding it into a map. A value is addressed by its absolute
 * start and end packed into one long, so that a lookup allocates nothing.
 *
 * <p>Numbers are parsed in place when they are plain ASCII; anything unusual (non-ASCII digits, exponents,
 * more digits than a long or a double holds exactly) falls back to the JDK parser on a decoded String,
 * which is what RocketMQ calls for every comparison.
 */
final class PropertyBytes {

    /** {@link #locate} result of a property that is absent, or present with an empty value. */
    static final long ABSENT = -1L;

    /** Syntax check results. */
    static final int FAST = 0;
    static final int SLOW = 1;
    static final int INVALID = 2;

    private static final byte NAME_VALUE_SEPARATOR = (byte) MessageProperties.NAME_VALUE_SEPARATOR;
    private static final byte PROPERTY_SEPARATOR = (byte) MessageProperties.PROPERTY_SEPARATOR;
    private static final double[] POWERS_OF_TEN = new double[23];
    /** A decimal with at most this many significant digits is below 2^53, so it converts exactly. */
    private static final int MAX_EXACT_DIGITS = 15;

    static {
        double power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
    }

    private PropertyBytes() {
    }

    /**
     * The value of property {@code name} (UTF-8) in {@code [from, to)}, packed by {@link #start} and
     * {@link #end}, or {@link #ABSENT}. Empty values count as absent, as the official decoder drops them.
     * When a name repeats, the first entry wins (the official decoder keeps the last; producers never
     * repeat a name).
     */
    static long locate(ByteBuffer buffer, int from, int to, byte[] name) {
        int nameLength = name.length;
        byte first = name[0];
        int entry = from;
        while (entry < to) {
            int entryEnd = indexOf(buffer, entry, to, PROPERTY_SEPARATOR);
            int valueStart = entry + nameLength + 1;
            if (valueStart < entryEnd && buffer.get(entry) == first
                    && buffer.get(entry + nameLength) == NAME_VALUE_SEPARATOR
                    && regionEquals(buffer, entry, name)) {
                return ((long) valueStart << 32) | entryEnd;
            }
            entry = entryEnd + 1;
        }
        return ABSENT;
    }

    static int start(long location) {
        return (int) (location >>> 32);
    }

    static int end(long location) {
        return (int) location;
    }

    static String decode(ByteBuffer buffer, long location) {
        int start = start(location);
        byte[] bytes = new byte[end(location) - start];
        buffer.get(start, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static boolean equalsBytes(ByteBuffer buffer, long location, byte[] expected) {
        int start = start(location);
        return end(location) - start == expected.length && regionEquals(buffer, start, expected);
    }

    static boolean startsWith(ByteBuffer buffer, long location, byte[] prefix) {
        int start = start(location);
        return end(location) - start >= prefix.length && regionEquals(buffer, start, prefix);
    }

    static boolean endsWith(ByteBuffer buffer, long location, byte[] suffix) {
        int end = end(location);
        return end - start(location) >= suffix.length && regionEquals(buffer, end - suffix.length, suffix);
    }

    /** Byte search; for well-formed UTF-8 the same answer as {@code String.contains}. */
    static boolean contains(ByteBuffer buffer, long location, byte[] part) {
        int last = end(location) - part.length;
        for (int i = start(location); i <= last; i++) {
            if (buffer.get(i) == part[0] && regionEquals(buffer, i, part)) {
                return true;
            }
        }
        return false;
    }

    /** {@code Boolean.valueOf(value)}: true exactly when the value is "true", ignoring case. */
    static boolean isTrue(ByteBuffer buffer, long location) {
        int start = start(location);
        if (end(location) - start != 4) {
            return false;
        }
        return (buffer.get(start) | 0x20) == 't' && (buffer.get(start + 1) | 0x20) == 'r'
                && (buffer.get(start + 2) | 0x20) == 'u' && (buffer.get(start + 3) | 0x20) == 'e';
    }

    // ---- integers: Integer.valueOf / Long.valueOf

    /**
     * {@link #FAST} when {@link #parseSmallInteger} can read the value ({@code [+-]?[0-9]{1,18}}),
     * {@link #INVALID} when no JDK integer parser would accept it, else {@link #SLOW}.
     */
    static int integerSyntax(ByteBuffer buffer, long location) {
        int i = afterSign(buffer, start(location));
        int end = end(location);
        int digits = end - i;
        if (digits == 0) {
            return INVALID;
        }
        for (; i < end; i++) {
            byte b = buffer.get(i);
            if (b < 0) {
                return SLOW; // maybe non-ASCII Unicode digits, which the JDK accepts
            }
            if (b < '0' || b > '9') {
                return INVALID;
            }
        }
        return digits <= 18 ? FAST : SLOW;
    }

    static long parseSmallInteger(ByteBuffer buffer, long location) {
        int start = start(location);
        int end = end(location);
        long value = 0;
        for (int i = afterSign(buffer, start); i < end; i++) {
            value = value * 10 + (buffer.get(i) - '0');
        }
        return buffer.get(start) == '-' ? -value : value;
    }

    // ---- doubles: Double.valueOf

    /**
     * {@link #FAST} when {@link #parseSimpleDouble} reads the value exactly as {@code Double.valueOf}
     * would ({@code [+-]?digits[.digits]} with at most 15 significant digits and 22 decimals), else
     * {@link #SLOW}: the JDK decides (it also takes exponents, {@code NaN}, blanks around, suffixes).
     */
    static int doubleSyntax(ByteBuffer buffer, long location) {
        int end = end(location);
        int digits = 0;
        int significant = 0;
        int decimals = -1;
        for (int i = afterSign(buffer, start(location)); i < end; i++) {
            byte b = buffer.get(i);
            if (b >= '0' && b <= '9') {
                digits++;
                if (significant > 0 || b != '0') {
                    significant++;
                }
                if (decimals >= 0) {
                    decimals++;
                }
            } else if (b == '.' && decimals < 0) {
                decimals = 0;
            } else {
                return SLOW;
            }
        }
        return digits > 0 && significant <= MAX_EXACT_DIGITS && decimals < POWERS_OF_TEN.length ? FAST : SLOW;
    }

    static double parseSimpleDouble(ByteBuffer buffer, long location) {
        int start = start(location);
        int end = end(location);
        long mantissa = 0;
        int decimals = -1;
        for (int i = afterSign(buffer, start); i < end; i++) {
            byte b = buffer.get(i);
            if (b == '.') {
                decimals = 0;
            } else {
                mantissa = mantissa * 10 + (b - '0');
                if (decimals >= 0) {
                    decimals++;
                }
            }
        }
        // Both operands are exact, so the one division rounds correctly, as Double.valueOf does.
        double value = decimals > 0 ? mantissa / POWERS_OF_TEN[decimals] : mantissa;
        return buffer.get(start) == '-' ? -value : value;
    }

    /** Where a number's digits begin: past its sign, when it has one. */
    private static int afterSign(ByteBuffer buffer, int start) {
        byte first = buffer.get(start);
        return first == '+' || first == '-' ? start + 1 : start;
    }

    private static boolean regionEquals(ByteBuffer buffer, int at, byte[] expected) {
        for (int i = 0; i < expected.length; i++) {
            if (buffer.get(at + i) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(ByteBuffer buffer, int from, int to, byte value) {
        for (int i = from; i < to; i++) {
            if (buffer.get(i) == value) {
                return i;
            }
        }
        return to;
    }
}

package io.hexmq.client.internal.trace;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * W3C Trace Context's {@code traceparent}, carried as a message property of that name so OpenTelemetry users
 * can join a message's broker trace to their own: version 00, a 32-hex trace id, a 16-hex parent (span) id,
 * flags 01 (sampled). Ids are random and never all zero, which the specification forbids.
 */
public final class TraceParent {

    public static final String PROPERTY = "traceparent";

    private static final Pattern FORMAT = Pattern.compile("00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");

    private TraceParent() {
    }

    /** A fresh traceparent starting a trace. */
    public static String create() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return "00-" + hex(random.nextLong() | 1, 16) + hex(random.nextLong(), 16) + "-" + hex(random.nextLong() | 1, 16)
                + "-01";
    }

    /** The property to add to a message with {@code properties}: none when the user set a traceparent. */
    public static Map<String, String> propertyFor(Map<String, String> properties) {
        return properties.containsKey(PROPERTY) ? Map.of() : Map.of(PROPERTY, create());
    }

    public static boolean isWellFormed(String value) {
        return value != null && FORMAT.matcher(value).matches();
    }

    private static String hex(long value, int digits) {
        String text = Long.toHexString(value);
        return "0".repeat(digits - text.length()) + text;
    }
}

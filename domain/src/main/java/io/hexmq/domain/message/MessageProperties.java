package io.hexmq.domain.message;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The properties string of a message (protocol.md §3.4): {@code name \u0001 value \u0002}, repeated.
 * The same string travels in the SEND header and is stored unchanged in the commit log, so the store
 * works on the encoded form and only tools decode it into a map.
 */
public final class MessageProperties {

    public static final char NAME_VALUE_SEPARATOR = '\u0001';
    public static final char PROPERTY_SEPARATOR = '\u0002';

    public static final String KEYS = "KEYS";
    public static final String TAGS = "TAGS";
    public static final String UNIQ_KEY = "UNIQ_KEY";
    public static final String WAIT_STORE_MSG_OK = "WAIT";
    public static final String DELAY_TIME_LEVEL = "DELAY";
    public static final String CLUSTER = "CLUSTER";
    /** The topic a delayed (or half) message will be delivered to, while it waits in a system topic. */
    public static final String REAL_TOPIC = "REAL_TOPIC";
    /** The queue that goes with {@link #REAL_TOPIC}. */
    public static final String REAL_QUEUE_ID = "REAL_QID";
    /**
     * hexmq's own: when a message waiting in the schedule topic or the timer topic is due (epoch ms).
     * The consume queue of those topics carries this time as the entry's tag code, as RocketMQ's does; keeping it
     * in the record lets every store compute that code from the record alone, recovery included.
     */
    public static final String DELIVER_AT = "SCHEDULE_DELIVER_MS";
    /**
     * RocketMQ 5 timer properties (the client's {@code setDeliverTimeMs}, {@code setDelayTimeSec},
     * {@code setDelayTimeMs}); the relative ones are removed when a timer message is delivered, all of them
     * when a message is parked for a delay level.
     */
    public static final String TIMER_DELIVER_MS = "TIMER_DELIVER_MS";
    public static final String TIMER_DELAY_SEC = "TIMER_DELAY_SEC";
    public static final String TIMER_DELAY_MS = "TIMER_DELAY_MS";
    /** On a recall record in the timer topic: {@code <topic>+<UNIQ_KEY>} of the timer message it takes back. */
    public static final String TIMER_DEL_UNIQKEY = "TIMER_DEL_UNIQKEY";
    /** When a POP first handed the message out (epoch ms); kept by its redeliveries. */
    public static final String FIRST_POP_TIME = "1ST_POP_TIME";
    /** The region of the broker that stored the message, stamped by it. */
    public static final String MSG_REGION = "MSG_REGION";
    /** Whether clients trace the message ("false": they skip it), stamped by the broker. */
    public static final String TRACE_ON = "TRACE_ON";
    /** The key an orderly (FIFO) message is sharded by, as the 5.x clients set it. */
    public static final String SHARDING_KEY = "__SHARDINGKEY";
    /** A deliver time some clients set instead of a timer property; RocketMQ counts it as a delay message. */
    public static final String START_DELIVER_TIME = "__STARTDELIVERTIME";
    /** Separates several user keys inside {@link #KEYS}. */
    public static final String KEY_SEPARATOR = " ";

    private MessageProperties() {
    }

    /** Encodes in iteration order; entries with a null name or value are skipped. */
    public static String encode(Map<String, String> properties) {
        if (properties == null || properties.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder(64);
        for (Map.Entry<String, String> entry : properties.entrySet()) {
            if (entry.getKey() == null || entry.getValue() == null) {
                continue;
            }
            text.append(entry.getKey()).append(NAME_VALUE_SEPARATOR)
                .append(entry.getValue()).append(PROPERTY_SEPARATOR);
        }
        return text.toString();
    }

    /**
     * Decodes into an insertion-ordered map. Entries without a separator, with an empty name or an
     * empty value are ignored, as the official client does.
     */
    public static Map<String, String> decode(String encoded) {
        Map<String, String> properties = new LinkedHashMap<>();
        if (encoded == null || encoded.isEmpty()) {
            return properties;
        }
        int length = encoded.length();
        int start = 0;
        while (start < length) {
            int end = encoded.indexOf(PROPERTY_SEPARATOR, start);
            if (end < 0) {
                end = length;
            }
            int separator = encoded.indexOf(NAME_VALUE_SEPARATOR, start);
            if (separator > start && separator < end - 1) {
                properties.put(encoded.substring(start, separator), encoded.substring(separator + 1, end));
            }
            start = end + 1;
        }
        return properties;
    }

    /** The value of one property, or null; scans the encoded string without building a map. */
    public static String get(String encoded, String name) {
        int at = valueStart(encoded, name);
        if (at < 0) {
            return null;
        }
        int end = encoded.indexOf(PROPERTY_SEPARATOR, at);
        return encoded.substring(at, end < 0 ? encoded.length() : end);
    }

    /** Whether the encoded properties hold {@code name} with a value; scans in place, allocates nothing. */
    public static boolean has(String encoded, String name) {
        return valueStart(encoded, name) >= 0;
    }

    /**
     * {@link TagCode} of the {@code TAGS} property, computed in place (Java's String hash over the
     * value's chars) so the append path does not allocate.
     */
    public static long tagsCode(String encoded) {
        int at = valueStart(encoded, TAGS);
        if (at < 0) {
            return TagCode.NONE;
        }
        int hash = 0;
        int length = encoded.length();
        for (int i = at; i < length; i++) {
            char c = encoded.charAt(i);
            if (c == PROPERTY_SEPARATOR) {
                break;
            }
            hash = 31 * hash + c;
        }
        return hash;
    }

    /** Index of the first char of {@code name}'s value, or -1 when absent or empty. */
    private static int valueStart(String encoded, String name) {
        if (encoded == null || encoded.isEmpty()) {
            return -1;
        }
        int length = encoded.length();
        int nameLength = name.length();
        int start = 0;
        while (start < length) {
            int end = encoded.indexOf(PROPERTY_SEPARATOR, start);
            if (end < 0) {
                end = length;
            }
            int valueAt = start + nameLength + 1;
            if (valueAt < end
                && encoded.charAt(start + nameLength) == NAME_VALUE_SEPARATOR
                && encoded.regionMatches(start, name, 0, nameLength)) {
                return valueAt;
            }
            start = end + 1;
        }
        return -1;
    }
}

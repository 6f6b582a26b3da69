package io.hexmq.remoting.header;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

/**
 * The recall handle of a timer message, as RocketMQ 5.5 writes it into a send's answer and reads it from
 * RECALL_MESSAGE: the URL-safe Base64 of {@code "v1 <topic> <brokerName> <due ms> <UNIQ_KEY>"}, one space
 * between fields. Opaque to clients and the proxy, which only hand it back (the proxy reads the broker's
 * name from it to know where to send the recall).
 *
 * @param topic      the topic the message was sent to
 * @param brokerName the broker that holds it
 * @param dueMillis  when it is due (epoch ms); -1 when a decoded handle's field is not a number
 * @param uniqueKey  its UNIQ_KEY, the id the 5.x clients know it by
 */
public record RecallHandle(String topic, String brokerName, long dueMillis, String uniqueKey) {

    private static final String VERSION_1 = "v1";
    private static final String SEPARATOR = " ";
    private static final int FIELDS = 5;

    public RecallHandle {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(uniqueKey, "uniqueKey");
    }

    public String encode() {
        String raw = String.join(SEPARATOR, VERSION_1, topic, brokerName, Long.toString(dueMillis), uniqueKey);
        return Base64.getUrlEncoder().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    /** The handle {@code text} encodes; empty when it is not Base64 or not a version 1 handle. */
    public static Optional<RecallHandle> decode(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        String raw;
        try {
            raw = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
        String[] fields = raw.split(SEPARATOR);
        if (fields.length < FIELDS || !VERSION_1.equals(fields[0])) {
            return Optional.empty();
        }
        return Optional.of(new RecallHandle(fields[1], fields[2], dueMillis(fields[3]), fields[4]));
    }

    private static long dueMillis(String field) {
        try {
            return Long.parseLong(field);
        } catch (NumberFormatException notANumber) {
            return -1;
        }
    }
}

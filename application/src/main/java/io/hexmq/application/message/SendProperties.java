package io.hexmq.application.message;

import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.UniqueKeyGenerator;
import java.util.Map;

/**
 * What the broker changes in a sent message's properties string (protocol.md §2.3.2): a missing
 * {@code UNIQ_KEY} is generated, the {@link BrokerStamp} ({@code CLUSTER}, {@code MSG_REGION},
 * {@code TRACE_ON}) is set, {@code POP_CK} is removed, and a DLQ rewrite sets {@code DELAY=-1}. The common
 * case (the client sent a UNIQ_KEY and none of the stamped keys nor POP_CK) appends to the string without
 * decoding it.
 */
final class SendProperties {

    static final String POP_CK = "POP_CK";
    static final String RETRY_TOPIC = "RETRY_TOPIC";
    static final String ORIGIN_MESSAGE_ID = "ORIGIN_MESSAGE_ID";
    static final String TRANSACTION_PREPARED = "TRAN_MSG";
    /** Set on a message moved to a dead-letter queue: it must never be delayed again. */
    static final String DLQ_DELAY = "-1";

    private SendProperties() {
    }

    /**
     * @param delay a value for {@code DELAY}, or null to leave it as sent
     * @return the properties to store
     */
    static String prepare(String properties, BrokerStamp stamp, UniqueKeyGenerator keys, String delay) {
        if (delay == null && !has(properties, POP_CK) && !stamp.isNamedIn(properties)) {
            StringBuilder text = new StringBuilder(properties.length() + 48 + stamp.encoded().length())
                    .append(properties);
            if (!properties.isEmpty() && properties.charAt(properties.length() - 1)
                    != MessageProperties.PROPERTY_SEPARATOR) {
                text.append(MessageProperties.PROPERTY_SEPARATOR);
            }
            if (!has(properties, MessageProperties.UNIQ_KEY)) {
                append(text, MessageProperties.UNIQ_KEY, keys.next());
            }
            return text.append(stamp.encoded()).toString();
        }
        Map<String, String> map = MessageProperties.decode(properties);
        map.remove(POP_CK);
        stamp.putInto(map);
        if (delay != null) {
            map.put(MessageProperties.DELAY_TIME_LEVEL, delay);
        }
        map.computeIfAbsent(MessageProperties.UNIQ_KEY, ignored -> keys.next());
        return MessageProperties.encode(map);
    }

    /** Whether the encoded string has an entry named {@code name} (with any value); allocates nothing. */
    static boolean has(String encoded, String name) {
        int length = encoded.length();
        int nameLength = name.length();
        int start = 0;
        while (start < length) {
            if (encoded.regionMatches(start, name, 0, nameLength) && start + nameLength < length
                    && encoded.charAt(start + nameLength) == MessageProperties.NAME_VALUE_SEPARATOR) {
                return true;
            }
            int end = encoded.indexOf(MessageProperties.PROPERTY_SEPARATOR, start);
            if (end < 0) {
                return false;
            }
            start = end + 1;
        }
        return false;
    }

    private static void append(StringBuilder text, String name, String value) {
        text.append(name).append(MessageProperties.NAME_VALUE_SEPARATOR).append(value)
                .append(MessageProperties.PROPERTY_SEPARATOR);
    }
}

package io.hexmq.client;

import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.topic.InvalidTopicNameException;
import io.hexmq.domain.topic.TopicName;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A message to send: topic, body, and the optional tag, keys, user properties and delay level.
 * Immutable; build one with {@link #builder(String)}:
 *
 * <pre>{@code
 * Message order = Message.builder("orders")
 *         .body("{\"id\":42}")
 *         .tags("created")
 *         .keys("order-42")
 *         .property("region", "eu")
 *         .build();
 * }</pre>
 *
 * The body array is kept, not copied: do not change it after {@code build()}.
 */
public final class Message {

    /** Property names the protocol uses itself; user properties may not take them. */
    private static final Set<String> RESERVED = Set.of(MessageProperties.KEYS, MessageProperties.TAGS,
            MessageProperties.UNIQ_KEY, MessageProperties.WAIT_STORE_MSG_OK, MessageProperties.DELAY_TIME_LEVEL,
            MessageProperties.CLUSTER, "RETRY_TOPIC", "REAL_TOPIC", "REAL_QID", "TRAN_MSG", "PGROUP", "MIN_OFFSET",
            "MAX_OFFSET", "BUYER_ID", "ORIGIN_MESSAGE_ID", "TRANSFER_FLAG", "CORRECTION_FLAG", "MQ2_FLAG",
            "RECONSUME_TIME", MessageProperties.MSG_REGION, MessageProperties.TRACE_ON, "MAX_RECONSUME_TIMES", "CONSUME_START_TIME",
            "TRAN_PREPARED_QUEUE_OFFSET", "TRANSACTION_CHECK_TIMES", "CHECK_IMMUNITY_TIME_IN_SECONDS",
            "INSTANCE_ID", "CORRELATION_ID", "REPLY_TO_CLIENT", "TTL", "ARRIVE_TIME", "PUSH_REPLY_TIME", "MSG_TYPE",
            "__transactionId__");

    private final String topic;
    private final byte[] body;
    private final String tags;
    private final List<String> keys;
    private final Map<String, String> properties;
    private final int delayLevel;
    private final int flag;

    private Message(Builder builder) {
        this.topic = builder.topic;
        this.body = builder.body;
        this.tags = builder.tags;
        this.keys = List.copyOf(builder.keys);
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(builder.properties));
        this.delayLevel = builder.delayLevel;
        this.flag = builder.flag;
    }

    /** Starts a message to {@code topic}; the name must be 1..127 characters of {@code [%|a-zA-Z0-9_-]}. */
    public static Builder builder(String topic) {
        return new Builder(topic);
    }

    public String topic() {
        return topic;
    }

    /** The body, shared: do not modify. */
    public byte[] body() {
        return body;
    }

    /** The tag consumers filter on, if any. */
    public Optional<String> tags() {
        return Optional.ofNullable(tags);
    }

    /** The keys the broker indexes for look-ups by key; empty when none. */
    public List<String> keys() {
        return keys;
    }

    /** User properties, in the order they were added. */
    public Map<String, String> properties() {
        return properties;
    }

    /** The delay level (1..18 on a default broker), 0 for none. */
    public int delayLevel() {
        return delayLevel;
    }

    /** The user flag, stored with the message unchanged. */
    public int flag() {
        return flag;
    }

    /** Collects a message's fields; not thread-safe, use it once. */
    public static final class Builder {

        private final String topic;
        private byte[] body;
        private String tags;
        private final List<String> keys = new ArrayList<>();
        private final Map<String, String> properties = new LinkedHashMap<>();
        private int delayLevel;
        private int flag;

        private Builder(String topic) {
            Objects.requireNonNull(topic, "topic");
            try {
                new TopicName(topic);
            } catch (InvalidTopicNameException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            this.topic = topic;
        }

        /** The body; required and not empty. The array is kept, not copied. */
        public Builder body(byte[] value) {
            this.body = Objects.requireNonNull(value, "body");
            return this;
        }

        /** The body as UTF-8 text. */
        public Builder body(String text) {
            return body(text.getBytes(StandardCharsets.UTF_8));
        }

        /** One tag (consumers subscribe to {@code "a || b"}); no {@code |} and no control characters. */
        public Builder tags(String value) {
            Objects.requireNonNull(value, "tags");
            requireText("tags", value);
            if (value.contains("|")) {
                throw new IllegalArgumentException("tags must not contain '|': " + value);
            }
            this.tags = value;
            return this;
        }

        /** Keys to look the message up by; each non-blank and without spaces. Adds to earlier keys. */
        public Builder keys(String... values) {
            for (String key : values) {
                Objects.requireNonNull(key, "key");
                requireText("key", key);
                if (key.contains(MessageProperties.KEY_SEPARATOR)) {
                    throw new IllegalArgumentException("a key must not contain spaces: '" + key + "'");
                }
                keys.add(key);
            }
            return this;
        }

        /** A user property; names the protocol reserves (KEYS, TAGS, UNIQ_KEY, DELAY, ...) are refused. */
        public Builder property(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            requireText("property name", name);
            requireText("property value", value);
            if (RESERVED.contains(name)) {
                throw new IllegalArgumentException("property name '" + name + "' is reserved by the protocol");
            }
            properties.put(name, value);
            return this;
        }

        /** Delivers the message after the broker's delay for this level (1..18 by default); 0 for none. */
        public Builder delayLevel(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("delayLevel must be >= 0: " + value);
            }
            this.delayLevel = value;
            return this;
        }

        /** The user flag, an int stored with the message. */
        public Builder flag(int value) {
            this.flag = value;
            return this;
        }

        public Message build() {
            if (body == null || body.length == 0) {
                throw new IllegalArgumentException("a message needs a non-empty body");
            }
            return new Message(this);
        }

        private static void requireText(String what, String value) {
            if (value.isBlank()) {
                throw new IllegalArgumentException(what + " must not be blank");
            }
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c == MessageProperties.NAME_VALUE_SEPARATOR || c == MessageProperties.PROPERTY_SEPARATOR) {
                    throw new IllegalArgumentException(what + " must not contain the characters \\u0001 or \\u0002");
                }
            }
        }
    }
}

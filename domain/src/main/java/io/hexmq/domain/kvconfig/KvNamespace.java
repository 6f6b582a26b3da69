package io.hexmq.domain.kvconfig;

import io.hexmq.domain.TextValue;
import java.util.Objects;

/** A namespace of the NameServer's KV config, e.g. {@link #ORDER_TOPIC_CONFIG}. */
public record KvNamespace(String value) implements TextValue<KvNamespace> {

    /**
     * Ordered topics: key = topic, value = {@code brokerName:queueNum;brokerName:queueNum}. Brokers get
     * this namespace back when they register; clients see a topic's entry in its route when the
     * NameServer enables order messages.
     */
    public static final KvNamespace ORDER_TOPIC_CONFIG = new KvNamespace("ORDER_TOPIC_CONFIG");

    public KvNamespace {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty()) {
            throw new InvalidKvConfigException("KV namespace must not be empty");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}

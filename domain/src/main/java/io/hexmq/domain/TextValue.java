package io.hexmq.domain;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value of the model that is a piece of text (a broker, cluster, group or topic name, a client id, a
 * KV namespace): it orders by its text, as RocketMQ orders these values (clients sort ids and queues by
 * them to share queues out alike), and prints as it.
 *
 * @param <T> the value type itself
 */
public interface TextValue<T extends TextValue<T>> extends Comparable<T> {

    /** The text, exactly as received. */
    String value();

    @Override
    default int compareTo(T other) {
        return value().compareTo(other.value());
    }

    /**
     * Checks text that must not be blank.
     *
     * @param blank the exception to throw when it is
     * @throws NullPointerException when {@code text} is null
     */
    static void requireNonBlank(String text, Supplier<? extends DomainException> blank) {
        Objects.requireNonNull(text, "value");
        if (text.isBlank()) {
            throw blank.get();
        }
    }
}

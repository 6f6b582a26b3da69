package io.hexmq.domain.topic;

import io.hexmq.domain.TextValue;
import java.util.Objects;
import java.util.Optional;

/**
 * The name of a topic.
 *
 * <p>{@link #TopicName(String) new TopicName(...)} applies the rule for topics clients create: 1 to
 * {@value #MAX_LENGTH} characters out of {@code [%|a-zA-Z0-9_-]}, the set RocketMQ's clients and brokers
 * accept ({@code %} and {@code |} appear in retry, DLQ, LMQ and namespaced names).
 *
 * <p>{@link #reportedByBroker(String)} applies a looser rule to names a broker reports about itself.
 * Brokers create topics named after their broker name and cluster name (and derived ones such as
 * {@code <cluster>_REPLY_TOPIC}); those are often host names with dots, and a NameServer that refused
 * them would refuse the whole registration. Both kinds of name are equal when their text is.
 *
 * <p>Not a record on purpose: a record's canonical constructor is public, so it could not have two
 * rules.
 */
public final class TopicName implements TextValue<TopicName> {

    public static final int MAX_LENGTH = 127;

    /** Longest name {@link #reportedByBroker} accepts. */
    public static final int MAX_REPORTED_LENGTH = 255;

    private enum Rule { CLIENT_CREATED, REPORTED_BY_BROKER }

    private final String value;

    /** A name a client or admin chose; strict. */
    public TopicName(String value) {
        this(value, Rule.CLIENT_CREATED);
    }

    private TopicName(String value, Rule rule) {
        Objects.requireNonNull(value, "value");
        if (rule == Rule.CLIENT_CREATED) {
            String problem = problemWith(value);
            if (problem != null) {
                throw new InvalidTopicNameException(problem);
            }
        } else {
            requireReportable(value);
        }
        this.value = value;
    }

    /**
     * A name a broker reported in its registration (or a client looks up in a route): non-blank, at
     * most {@value #MAX_REPORTED_LENGTH} characters, no control characters. Dots, colons and the like
     * are allowed.
     */
    public static TopicName reportedByBroker(String value) {
        return new TopicName(value, Rule.REPORTED_BY_BROKER);
    }

    public String value() {
        return value;
    }

    /**
     * Why {@code value} is not a legal client-created topic name, or empty when it is. Lets a hot path
     * (a send to a misspelt topic) reject the name as a value instead of catching an exception.
     */
    public static Optional<String> validationProblem(String value) {
        return Optional.ofNullable(value == null ? "topic name must not be null" : problemWith(value));
    }

    private static String problemWith(String value) {
        if (value.isEmpty()) {
            return "topic name must not be empty";
        }
        if (value.length() > MAX_LENGTH) {
            return "topic name longer than " + MAX_LENGTH + " characters: " + value.length();
        }
        for (int i = 0; i < value.length(); i++) {
            if (!isLegal(value.charAt(i))) {
                return "topic name '" + value + "' contains an illegal character at index " + i
                        + "; allowed: ^[%|a-zA-Z0-9_-]+$";
            }
        }
        return null;
    }

    // Loops rather than regexes: brokers send hundreds of topics in every registration.
    private static boolean isLegal(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '%' || c == '|' || c == '_' || c == '-';
    }

    private static void requireReportable(String value) {
        if (value.isBlank()) {
            throw new InvalidTopicNameException("topic name must not be blank");
        }
        if (value.length() > MAX_REPORTED_LENGTH) {
            throw new InvalidTopicNameException(
                    "topic name longer than " + MAX_REPORTED_LENGTH + " characters: " + value.length());
        }
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                throw new InvalidTopicNameException(
                        "topic name contains a control character at index " + i);
            }
        }
    }

    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof TopicName that && value.equals(that.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return value;
    }
}

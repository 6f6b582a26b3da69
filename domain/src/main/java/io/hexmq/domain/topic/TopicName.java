package io.hexmq.domain.topic;

import java.util.Objects;
import java.util.Optional;

/**
 * The name of a topic: 1 to {@value #MAX_LENGTH} characters out of {@code [%|a-zA-Z0-9_-]}, the set
 * RocketMQ's clients and brokers accept ({@code %} and {@code |} appear in retry, DLQ, LMQ and
 * namespaced names).
 */
public record TopicName(String value) implements Comparable<TopicName> {

    public static final int MAX_LENGTH = 127;

    public TopicName {
        Objects.requireNonNull(value, "value");
        String problem = problemWith(value);
        if (problem != null) {
            throw new InvalidTopicNameException(problem);
        }
    }

    /**
     * Why {@code value} is not a legal topic name, or empty when it is. Lets a hot path (a send to a
     * misspelt topic) reject the name as a value instead of catching an exception.
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

    // A loop rather than a regex: brokers send hundreds of topics in every registration.
    private static boolean isLegal(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '%' || c == '|' || c == '_' || c == '-';
    }

    @Override
    public int compareTo(TopicName other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}

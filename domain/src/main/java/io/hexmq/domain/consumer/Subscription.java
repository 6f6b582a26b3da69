package io.hexmq.domain.consumer;

import io.hexmq.domain.topic.TopicName;
import java.util.Collections;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a consumer group reads from one topic, as its members announce it in every heartbeat.
 *
 * @param subString   the expression as written: {@code *}, {@code TagA || TagB}, or SQL92 text
 * @param tags        the tags of a TAG expression; empty for {@code *} and SQL92
 * @param tagCodes    {@code String.hashCode()} of each tag, which consume queues store and filter on
 * @param subVersion  when the client built the subscription; a newer version replaces an older one
 */
public record Subscription(
        TopicName topic,
        String subString,
        Set<String> tags,
        Set<Integer> tagCodes,
        long subVersion,
        ExpressionType expressionType) {

    /** The expression that matches every message. */
    public static final String SUB_ALL = "*";

    public Subscription {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(subString, "subString");
        Objects.requireNonNull(expressionType, "expressionType");
        tags = Collections.unmodifiableSortedSet(new TreeSet<>(tags));
        tagCodes = Collections.unmodifiableSortedSet(new TreeSet<>(tagCodes));
    }

    /** A subscription to everything in {@code topic} ({@code *}). */
    public static Subscription all(TopicName topic, long subVersion) {
        return new Subscription(topic, SUB_ALL, Set.of(), Set.of(), subVersion, ExpressionType.TAG);
    }
}

package io.hexmq.domain.topic;

/** How a topic's messages carry tags; the names are the wire values. */
public enum TopicFilterType {
    SINGLE_TAG,
    MULTI_TAG
}

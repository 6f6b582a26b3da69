package io.hexmq.domain.consumer;

import io.hexmq.domain.topic.TopicName;
import java.util.Comparator;
import java.util.Objects;

/** A consumer group's position on one topic: the key under which its queue offsets are filed. */
public record TopicGroup(TopicName topic, GroupName group) implements Comparable<TopicGroup> {

    private static final Comparator<TopicGroup> ORDER =
            Comparator.comparing(TopicGroup::topic).thenComparing(TopicGroup::group);

    public TopicGroup {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(group, "group");
    }

    @Override
    public int compareTo(TopicGroup other) {
        return ORDER.compare(this, other);
    }
}

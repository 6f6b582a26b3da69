package io.hexmq.domain.pop;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;

/** Where a group's POPs go on in one queue: every message below {@code offset} was handed out (or skipped). */
public record PopOffset(GroupName group, TopicName topic, int queueId, long offset) {

    public PopOffset {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(topic, "topic");
        if (queueId < 0 || offset < 0) {
            throw new IllegalArgumentException("queueId and offset are 0 or more: " + queueId + ", " + offset);
        }
    }
}

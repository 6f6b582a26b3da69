package io.hexmq.domain.topic;

import io.hexmq.domain.DomainException;

/** An admin tried to create, update or delete a topic that belongs to the broker itself. */
public final class SystemTopicConflictException extends DomainException {

    public SystemTopicConflictException(TopicName topic) {
        super("The topic[" + topic + "] is conflict with system topic.");
    }
}

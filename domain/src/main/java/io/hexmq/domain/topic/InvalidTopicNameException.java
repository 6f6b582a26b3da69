package io.hexmq.domain.topic;

import io.hexmq.domain.DomainException;

/** A topic name is empty, too long, or uses a character RocketMQ clients would refuse. */
public final class InvalidTopicNameException extends DomainException {

    InvalidTopicNameException(String message) {
        super(message);
    }
}

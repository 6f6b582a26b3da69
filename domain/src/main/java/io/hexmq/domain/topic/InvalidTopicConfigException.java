package io.hexmq.domain.topic;

import io.hexmq.domain.DomainException;

/** A topic configuration or one of its parts (queue counts, permission bits) is out of range. */
public final class InvalidTopicConfigException extends DomainException {

    InvalidTopicConfigException(String message) {
        super(message);
    }
}

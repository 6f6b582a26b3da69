package io.hexmq.domain.topic;

import io.hexmq.domain.DomainException;

/**
 * The {@link io.hexmq.domain.topic.port.TopicConfigStore} could not load or save the topic table;
 * adapters wrap their I/O and parse failures in it. A failed save leaves the table as it was.
 */
public final class TopicConfigStorageException extends DomainException {

    public TopicConfigStorageException(String message, Throwable cause) {
        super(message, cause);
    }
}

package io.hexmq.domain.consumer;

import io.hexmq.domain.DomainException;

/** A group name, client id, queue id or subscription group setting is out of range. */
public final class InvalidConsumerDataException extends DomainException {

    InvalidConsumerDataException(String message) {
        super(message);
    }
}

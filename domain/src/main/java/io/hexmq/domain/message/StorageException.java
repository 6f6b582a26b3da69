package io.hexmq.domain.message;

import io.hexmq.domain.DomainException;

/**
 * The store could not do its job because of its medium: an I/O failure, a corrupt file it cannot
 * repair, a store used before start. Expected outcomes (disk full, bad message) are statuses, not
 * this exception.
 */
public class StorageException extends DomainException {

    public StorageException(String message) {
        super(message);
    }

    public StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}

package io.hexmq.domain;

/**
 * The one base type of every rule violation the domain reports. Adapters translate subtypes into
 * their own error vocabulary (for the wire: RocketMQ response codes) at the edge, in one place.
 */
public abstract class DomainException extends RuntimeException {

    protected DomainException(String message) {
        super(message);
    }

    protected DomainException(String message, Throwable cause) {
        super(message, cause);
    }
}

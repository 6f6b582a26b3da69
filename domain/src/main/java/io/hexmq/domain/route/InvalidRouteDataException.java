package io.hexmq.domain.route;

import io.hexmq.domain.DomainException;

/**
 * Route data a broker or an admin sent is malformed: a blank cluster or broker name, an address that
 * is not {@code host:port}, a negative broker id, a registration that lists a topic twice.
 */
public final class InvalidRouteDataException extends DomainException {

    InvalidRouteDataException(String message) {
        super(message);
    }
}

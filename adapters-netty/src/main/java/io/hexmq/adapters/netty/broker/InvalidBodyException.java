package io.hexmq.adapters.netty.broker;

/** A request body could not be decoded: not the JSON shape its request code carries. */
final class InvalidBodyException extends RuntimeException {

    InvalidBodyException(String message) {
        super(message);
    }

    InvalidBodyException(String message, Throwable cause) {
        super(message, cause);
    }
}

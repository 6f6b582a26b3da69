package io.hexmq.adapters.console;

/** The signed-in user's policies do not allow what the request does (403, with the reason). */
final class ForbiddenException extends RuntimeException {

    ForbiddenException(String reason) {
        super(reason);
    }
}

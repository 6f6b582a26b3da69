package io.hexmq.adapters.console;

/** The request needs a sign-in it does not carry (401, with a Basic challenge). */
final class UnauthorizedException extends RuntimeException {

    UnauthorizedException(String reason) {
        super(reason);
    }
}

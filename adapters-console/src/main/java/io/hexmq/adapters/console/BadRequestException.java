package io.hexmq.adapters.console;

/** The user asked for something the console cannot do as asked; its message is shown on the page (400). */
final class BadRequestException extends RuntimeException {

    BadRequestException(String reason) {
        super(reason);
    }
}

package io.hexmq.adapters.console;

/** One path of the console. */
@FunctionalInterface
interface Page {

    /**
     * @throws BadRequestException when the request cannot be served as asked (answered 400 with the reason)
     * @throws io.hexmq.domain.DomainException when the broker refuses it, e.g. a malformed topic name (400 too)
     */
    Response answer(ConsoleRequest request);
}

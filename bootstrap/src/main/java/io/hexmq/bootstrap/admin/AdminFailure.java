package io.hexmq.bootstrap.admin;

/**
 * An admin command could not do what was asked, for a reason the servers did not report as an error
 * (the topic exists already, the KV entry is absent): exit status 1 with this message.
 */
final class AdminFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    AdminFailure(String message) {
        super(message);
    }
}

package io.hexmq.bootstrap.lifecycle;

/** A launch that cannot go on: bad configuration, a port in use, an unreadable file. */
public final class LaunchException extends Exception {

    public LaunchException(String message) {
        super(message);
    }

    public LaunchException(String message, Throwable cause) {
        super(message, cause);
    }
}

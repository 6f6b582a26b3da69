package io.hexmq.bootstrap.lifecycle;

/**
 * A component that owns threads, sockets or files. The launcher starts components in the order they
 * were registered and stops them in reverse, so a server stops accepting before its store closes.
 */
public interface Lifecycle {

    /** A short name for logs: which part is starting or failed to stop. */
    String name();

    void start() throws Exception;

    void stop() throws Exception;
}

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

    /** An action that can fail, for the factories below. */
    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    static Lifecycle of(String name, Step start, Step stop) {
        return new Lifecycle() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void start() throws Exception {
                start.run();
            }

            @Override
            public void stop() throws Exception {
                stop.run();
            }
        };
    }

    /** A start step with nothing to undo, such as restoring state. */
    static Lifecycle onStart(String name, Step start) {
        return of(name, start, () -> { });
    }
}

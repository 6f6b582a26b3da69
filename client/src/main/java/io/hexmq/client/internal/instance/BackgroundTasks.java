package io.hexmq.client.internal.instance;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;

/**
 * How the SDK's own threads are made and how their tasks fail. The threads are daemons, so that an
 * application that never closes its client can still exit. A task that throws is logged rather than
 * left to its executor, which would stop repeating a periodic task without a word.
 */
public final class BackgroundTasks {

    private BackgroundTasks() {
    }

    /** Daemon threads named {@code prefix-1}, {@code prefix-2}, ... */
    public static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Runs {@code task}; a RuntimeException is logged on {@code log} as "{@code what} failed". */
    public static Runnable loggingFailures(Logger log, String what, Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                log.warn("{} failed", what, e);
            }
        };
    }
}

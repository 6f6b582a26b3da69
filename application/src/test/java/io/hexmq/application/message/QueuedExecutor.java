package io.hexmq.application.message;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;

/** An executor that runs nothing until the test says so, so a test sees what was handed over and when. */
public final class QueuedExecutor implements Executor {

    private final Queue<Runnable> tasks = new ArrayDeque<>();

    @Override
    public synchronized void execute(Runnable task) {
        tasks.add(task);
    }

    public synchronized int pending() {
        return tasks.size();
    }

    /** Runs the queued tasks, including those they queue, until none is left. */
    public void runAll() {
        while (true) {
            Runnable next;
            synchronized (this) {
                next = tasks.poll();
            }
            if (next == null) {
                return;
            }
            next.run();
        }
    }
}

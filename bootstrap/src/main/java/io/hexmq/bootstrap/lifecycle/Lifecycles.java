package io.hexmq.bootstrap.lifecycle;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts components in order and stops the started ones in reverse. If one fails to start, the ones
 * already running are stopped before the failure is reported, so a failed launch leaves nothing bound.
 */
public final class Lifecycles {

    private static final Logger LOG = LoggerFactory.getLogger(Lifecycles.class);

    private final List<Lifecycle> components;
    private final Deque<Lifecycle> started = new ArrayDeque<>();

    public Lifecycles(List<Lifecycle> components) {
        this.components = List.copyOf(components);
    }

    public synchronized void startAll() throws LaunchException {
        for (Lifecycle component : components) {
            try {
                component.start();
                started.push(component);
            } catch (Exception e) {
                stopAll();
                throw new LaunchException(component.name() + ": " + rootMessage(e), e);
            }
        }
    }

    public synchronized void stopAll() {
        List<String> failures = new ArrayList<>();
        while (!started.isEmpty()) {
            Lifecycle component = started.pop();
            try {
                component.stop();
            } catch (Exception e) {
                failures.add(component.name());
                LOG.warn("Stopping {} failed: {}", component.name(), e.toString());
            }
        }
        if (!failures.isEmpty()) {
            LOG.warn("Stopped with failures in {}", failures);
        }
    }

    /** The messages of an exception and its causes, each once: "cannot bind 127.0.0.1:9876: Address already in use". */
    static String rootMessage(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            String message = cause.getMessage();
            if (message == null || text.indexOf(message) >= 0) {
                continue;
            }
            if (text.length() > 0) {
                text.append(": ");
            }
            text.append(message);
        }
        return text.length() == 0 ? e.getClass().getSimpleName() : text.toString();
    }
}

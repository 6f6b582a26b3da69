package io.hexmq.client.internal.relay;

import java.util.Comparator;
import java.util.Map;

/** The stacks of the JVM's threads as text, for an admin that asks a consumer for them (jstackEnable). */
public final class ThreadStacks {

    private ThreadStacks() {
    }

    public static String of(Map<Thread, StackTraceElement[]> stacks) {
        StringBuilder text = new StringBuilder(4096);
        stacks.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<Thread, StackTraceElement[]> entry) -> entry.getKey().getName()))
                .forEach(entry -> {
                    Thread thread = entry.getKey();
                    text.append('"').append(thread.getName()).append("\" id=").append(thread.getId())
                            .append(thread.isDaemon() ? " daemon" : "").append(' ').append(thread.getState())
                            .append('\n');
                    for (StackTraceElement frame : entry.getValue()) {
                        text.append("\tat ").append(frame).append('\n');
                    }
                    text.append('\n');
                });
        return text.toString();
    }
}

package io.hexmq.domain.auth;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The live {@link AuthTable} of a server. Every request reads the current table without locking; changes
 * (admin actions) take turns, hand the next table to a {@code persist} step, and are published only if that
 * step returns, the discipline of the topic and group tables.
 */
public final class AuthDirectory {

    private volatile AuthTable current;

    public AuthDirectory(AuthTable initial) {
        this.current = Objects.requireNonNull(initial, "initial");
    }

    public AuthTable snapshot() {
        return current;
    }

    /** Applies {@code change} to the current table; an unchanged (equal) table is neither persisted nor published. */
    public synchronized AuthTable change(UnaryOperator<AuthTable> change, Consumer<AuthTable> persist) {
        AuthTable next = change.apply(current);
        if (!next.equals(current)) {
            persist.accept(next);
            current = next;
        }
        return current;
    }

    /**
     * Takes {@code table} as the current one without persisting it: for a replica that follows its group's
     * leader, whose table the leader saved and replicated.
     */
    public synchronized void adopt(AuthTable table) {
        current = Objects.requireNonNull(table, "table");
    }
}

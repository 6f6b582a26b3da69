package io.hexmq.domain.auth.plain;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The live {@link PlainAclTable} of a broker. Every request reads the current table without locking; admin
 * changes take turns, hand the next table to a {@code persist} step and are published only if it returns; a
 * table read from a changed file replaces the current one as it is.
 */
public final class PlainAclDirectory {

    private volatile PlainAclTable current;

    public PlainAclDirectory(PlainAclTable initial) {
        this.current = Objects.requireNonNull(initial, "initial");
    }

    public PlainAclTable snapshot() {
        return current;
    }

    public synchronized PlainAclTable change(UnaryOperator<PlainAclTable> change, Consumer<PlainAclTable> persist) {
        PlainAclTable next = change.apply(current);
        persist.accept(next);
        current = next;
        return next;
    }

    /** Takes {@code table}, read from the file after someone edited it, as the current one. */
    public synchronized void reloaded(PlainAclTable table) {
        current = Objects.requireNonNull(table, "table");
    }
}

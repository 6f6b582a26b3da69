package io.hexmq.domain.consumer;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The broker's subscription group configs. Readers read the current {@link SubscriptionGroupTable}
 * without locking; writers take turns, hand the next table to a {@code persist} step, and publish it
 * only if that step returns (the same discipline as the topic table).
 */
public final class SubscriptionGroups {

    private volatile SubscriptionGroupTable current;

    public SubscriptionGroups(SubscriptionGroupTable initial) {
        this.current = Objects.requireNonNull(initial, "initial");
    }

    public SubscriptionGroupTable snapshot() {
        return current;
    }

    public Optional<SubscriptionGroupConfig> find(GroupName group) {
        return current.find(group);
    }

    /**
     * The group's config; a missing one is created with {@link SubscriptionGroupConfig#defaults} when
     * {@code autoCreate} is on or the group is one of RocketMQ's system groups.
     *
     * @return empty when the group has no config and may not get one
     */
    public Optional<SubscriptionGroupConfig> findOrCreate(GroupName group, boolean autoCreate, long nowMillis,
            Consumer<SubscriptionGroupTable> persist) {
        Optional<SubscriptionGroupConfig> existing = current.find(group);
        if (existing.isPresent() || !(autoCreate || group.isSystemGroup())) {
            return existing;
        }
        synchronized (this) {
            existing = current.find(group);
            if (existing.isPresent()) {
                return existing;
            }
            SubscriptionGroupConfig created = SubscriptionGroupConfig.defaults(group);
            publish(current.with(created, nowMillis), persist);
            return Optional.of(created);
        }
    }

    /** @return true if the table changed */
    public synchronized boolean put(SubscriptionGroupConfig config, long nowMillis,
            Consumer<SubscriptionGroupTable> persist) {
        return publish(current.with(config, nowMillis), persist);
    }

    /** @return the removed config, or empty when the group had none */
    public synchronized Optional<SubscriptionGroupConfig> remove(GroupName group, long nowMillis,
            Consumer<SubscriptionGroupTable> persist) {
        Optional<SubscriptionGroupConfig> removed = current.find(group);
        publish(current.without(group, nowMillis), persist);
        return removed;
    }

    /**
     * Takes {@code table} as the current one without persisting it: for a replica that follows its group's
     * leader, whose table the leader saved and replicated.
     */
    public synchronized void adopt(SubscriptionGroupTable table) {
        current = Objects.requireNonNull(table, "table");
    }

    private boolean publish(SubscriptionGroupTable next, Consumer<SubscriptionGroupTable> persist) {
        if (next == current) {
            return false;
        }
        persist.accept(next);
        current = next;
        return true;
    }
}

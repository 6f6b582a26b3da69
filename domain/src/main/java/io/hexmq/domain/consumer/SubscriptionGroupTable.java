package io.hexmq.domain.consumer;

import io.hexmq.domain.topic.DataVersion;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * All subscription group configs of one broker at one moment, with a {@link DataVersion} bumped on
 * every change. Immutable; a change that changes nothing returns this very table.
 */
public record SubscriptionGroupTable(Map<GroupName, SubscriptionGroupConfig> groups, DataVersion dataVersion) {

    public SubscriptionGroupTable {
        Objects.requireNonNull(dataVersion, "dataVersion");
        TreeMap<GroupName, SubscriptionGroupConfig> copy = new TreeMap<>();
        groups.forEach((name, config) -> {
            if (!name.equals(config.groupName())) {
                throw new InvalidConsumerDataException(
                        "group " + name + " filed under another name: " + config.groupName());
            }
            copy.put(name, config);
        });
        groups = Collections.unmodifiableSortedMap(copy);
    }

    public static SubscriptionGroupTable empty(long nowMillis) {
        return new SubscriptionGroupTable(Map.of(), DataVersion.initial(nowMillis));
    }

    public Optional<SubscriptionGroupConfig> find(GroupName group) {
        return Optional.ofNullable(groups.get(group));
    }

    public Collection<SubscriptionGroupConfig> configs() {
        return groups.values();
    }

    public SubscriptionGroupTable with(SubscriptionGroupConfig config, long nowMillis) {
        if (config.equals(groups.get(config.groupName()))) {
            return this;
        }
        SortedMap<GroupName, SubscriptionGroupConfig> next = new TreeMap<>(groups);
        next.put(config.groupName(), config);
        return new SubscriptionGroupTable(next, dataVersion.next(nowMillis));
    }

    public SubscriptionGroupTable without(GroupName group, long nowMillis) {
        if (!groups.containsKey(group)) {
            return this;
        }
        SortedMap<GroupName, SubscriptionGroupConfig> next = new TreeMap<>(groups);
        next.remove(group);
        return new SubscriptionGroupTable(next, dataVersion.next(nowMillis));
    }
}

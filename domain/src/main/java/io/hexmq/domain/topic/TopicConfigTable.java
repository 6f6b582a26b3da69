package io.hexmq.domain.topic;

import java.util.Collection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * All topic configs of one broker at one moment, with the {@link DataVersion} that names this moment.
 * Immutable: every change returns a new table whose version is one step further, and a change that
 * changes nothing returns this very table, so the NameServer sees a new version only when there is news.
 *
 * <p>Changes copy the map. A broker holds hundreds to a few thousand topics and changes them on admin
 * actions and first sends, so readers get a lock-free, consistent view for the price of a rare copy.
 */
public record TopicConfigTable(Map<TopicName, TopicConfig> topics, DataVersion dataVersion) {

    public TopicConfigTable {
        Objects.requireNonNull(dataVersion, "dataVersion");
        TreeMap<TopicName, TopicConfig> copy = new TreeMap<>();
        topics.forEach((name, config) -> {
            if (!name.equals(config.name())) {
                throw new InvalidTopicConfigException("topic " + name + " filed under another name: " + config.name());
            }
            copy.put(name, config);
        });
        topics = Collections.unmodifiableSortedMap(copy);
    }

    /** No topics yet, version 0 at {@code nowMillis}. */
    public static TopicConfigTable empty(long nowMillis) {
        return new TopicConfigTable(Map.of(), DataVersion.initial(nowMillis));
    }

    public Optional<TopicConfig> find(TopicName topic) {
        return Optional.ofNullable(topics.get(topic));
    }

    public boolean contains(TopicName topic) {
        return topics.containsKey(topic);
    }

    public Collection<TopicConfig> configs() {
        return topics.values();
    }

    /** Creates or replaces {@code config}'s topic. */
    public TopicConfigTable with(TopicConfig config, long nowMillis) {
        if (config.equals(topics.get(config.name()))) {
            return this;
        }
        SortedMap<TopicName, TopicConfig> next = new TreeMap<>(topics);
        next.put(config.name(), config);
        return new TopicConfigTable(next, dataVersion.next(nowMillis));
    }

    /**
     * Creates or replaces each of {@code configs}' topics in one step: one copy of the map and one version
     * for the whole list (a later config of the same name wins), where {@link #with} per topic would
     * copy the table once a topic.
     */
    public TopicConfigTable withAll(Collection<TopicConfig> configs, long nowMillis) {
        SortedMap<TopicName, TopicConfig> next = new TreeMap<>(topics);
        for (TopicConfig config : configs) {
            next.put(config.name(), config);
        }
        return next.equals(topics) ? this : new TopicConfigTable(next, dataVersion.next(nowMillis));
    }

    public TopicConfigTable without(TopicName topic, long nowMillis) {
        if (!topics.containsKey(topic)) {
            return this;
        }
        SortedMap<TopicName, TopicConfig> next = new TreeMap<>(topics);
        next.remove(topic);
        return new TopicConfigTable(next, dataVersion.next(nowMillis));
    }

    /**
     * Adds each of {@code defaults} whose topic is missing and keeps every existing config as it is, the
     * way a broker starts: its built-in topics first, then what it saved last time wins.
     */
    public TopicConfigTable withMissing(Collection<TopicConfig> defaults, long nowMillis) {
        SortedMap<TopicName, TopicConfig> next = new TreeMap<>(topics);
        boolean added = false;
        for (TopicConfig config : defaults) {
            added |= next.putIfAbsent(config.name(), config) == null;
        }
        return added ? new TopicConfigTable(next, dataVersion.next(nowMillis)) : this;
    }

    /**
     * Marks exactly the topics in {@code orderTopics} as ordered (the NameServer's
     * {@code ORDER_TOPIC_CONFIG} namespace, returned when the broker registers); topics not hosted
     * here are ignored, ordered topics not listed become unordered.
     */
    public TopicConfigTable withOrderTopics(Set<TopicName> orderTopics, long nowMillis) {
        SortedMap<TopicName, TopicConfig> next = new TreeMap<>(topics);
        boolean changed = false;
        for (TopicConfig config : topics.values()) {
            boolean order = orderTopics.contains(config.name());
            if (config.order() != order) {
                next.put(config.name(), config.withOrder(order));
                changed = true;
            }
        }
        return changed ? new TopicConfigTable(next, dataVersion.next(nowMillis)) : this;
    }

    /**
     * The configs of this table that {@code earlier} does not hold as they are here: the topics created or
     * changed since (the topics deleted since are not among them). One pass over both tables, in name
     * order; a config that a change carried over is the same object in both, so most are told apart
     * without comparing their fields.
     */
    public List<TopicConfig> changedSince(TopicConfigTable earlier) {
        List<TopicConfig> changed = new ArrayList<>();
        Iterator<Map.Entry<TopicName, TopicConfig>> before = earlier.topics().entrySet().iterator();
        Map.Entry<TopicName, TopicConfig> was = before.hasNext() ? before.next() : null;
        for (TopicConfig now : topics.values()) {
            while (was != null && was.getKey().compareTo(now.name()) < 0) {
                was = before.hasNext() ? before.next() : null;
            }
            boolean same = was != null && was.getKey().equals(now.name())
                    && (was.getValue() == now || was.getValue().equals(now));
            if (!same) {
                changed.add(now);
            }
        }
        return changed;
    }

    /** The topics that {@code earlier} holds and this table does not: those deleted since, in name order. */
    public List<TopicName> removedSince(TopicConfigTable earlier) {
        List<TopicName> removed = new ArrayList<>();
        for (TopicName name : earlier.topics().keySet()) {
            if (!topics.containsKey(name)) {
                removed.add(name);
            }
        }
        return removed;
    }

    /**
     * The same topics at the next version: what the NameServers must take again although no topic
     * changed, because something they derive from the table did (the broker's permission caps every
     * topic's permission in a registration).
     */
    public TopicConfigTable nextVersion(long nowMillis) {
        return new TopicConfigTable(topics, dataVersion.next(nowMillis));
    }
}

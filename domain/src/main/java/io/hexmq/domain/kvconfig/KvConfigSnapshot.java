package io.hexmq.domain.kvconfig;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The whole KV config at one moment: namespace → key → value, immutable, sorted, with no empty
 * namespace (deleting a namespace's last key deletes the namespace). Changes return a new snapshot;
 * the config is a handful of entries, so copying is cheaper than coordinating.
 */
public record KvConfigSnapshot(Map<KvNamespace, Map<String, String>> namespaces) {

    public static final KvConfigSnapshot EMPTY = new KvConfigSnapshot(Map.of());

    public KvConfigSnapshot {
        TreeMap<KvNamespace, Map<String, String>> copy = new TreeMap<>();
        namespaces.forEach((namespace, entries) -> {
            if (!entries.isEmpty()) {
                TreeMap<String, String> checked = new TreeMap<>();
                entries.forEach((key, value) -> checked.put(requireKey(key), Objects.requireNonNull(value, "value")));
                copy.put(Objects.requireNonNull(namespace, "namespace"), Collections.unmodifiableSortedMap(checked));
            }
        });
        namespaces = Collections.unmodifiableSortedMap(copy);
    }

    private static String requireKey(String key) {
        Objects.requireNonNull(key, "key");
        if (key.isEmpty()) {
            throw new InvalidKvConfigException("KV key must not be empty");
        }
        return key;
    }

    public Optional<String> value(KvNamespace namespace, String key) {
        return Optional.ofNullable(namespaces.getOrDefault(namespace, Map.of()).get(key));
    }

    /** All entries of {@code namespace}, or empty when it has none. */
    public Optional<Map<String, String>> namespace(KvNamespace namespace) {
        return Optional.ofNullable(namespaces.get(namespace));
    }

    public KvConfigSnapshot with(KvNamespace namespace, String key, String value) {
        requireKey(key);
        Objects.requireNonNull(value, "value");
        TreeMap<KvNamespace, Map<String, String>> next = new TreeMap<>(namespaces);
        SortedMap<String, String> entries = new TreeMap<>(namespaces.getOrDefault(namespace, Map.of()));
        entries.put(key, value);
        next.put(namespace, entries);
        return new KvConfigSnapshot(next);
    }

    public KvConfigSnapshot without(KvNamespace namespace, String key) {
        Map<String, String> current = namespaces.get(namespace);
        if (current == null || !current.containsKey(key)) {
            return this;
        }
        TreeMap<KvNamespace, Map<String, String>> next = new TreeMap<>(namespaces);
        SortedMap<String, String> entries = new TreeMap<>(current);
        entries.remove(key);
        next.put(namespace, entries);
        return new KvConfigSnapshot(next);
    }
}

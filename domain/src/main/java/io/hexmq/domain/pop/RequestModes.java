package io.hexmq.domain.pop;

import io.hexmq.domain.consumer.TopicGroup;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The request modes set for a group on a topic (SET_MESSAGE_REQUEST_MODE), which broker-side assignment
 * hands to the group's clients; a pair without one takes the broker's default. Kept durably through
 * {@link io.hexmq.domain.pop.port.RequestModeStore}. Thread-safe.
 */
public final class RequestModes {

    /**
     * @param popShareQueueNum how many following clients' queues a POP client shares besides its own; 0 or
     *                         less, or at least the clients less one, means every client pops every queue
     */
    public record Setting(MessageRequestMode mode, int popShareQueueNum) {

        public Setting {
            Objects.requireNonNull(mode, "mode");
        }
    }

    /** One group's setting on one topic, as saved. */
    public record Entry(TopicGroup key, Setting setting) {

        public Entry {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(setting, "setting");
        }
    }

    private final Map<TopicGroup, Setting> settings = new ConcurrentHashMap<>();

    public void set(TopicGroup key, Setting setting) {
        settings.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(setting, "setting"));
    }

    /** Takes in saved settings (at start). */
    public void restore(List<Entry> saved) {
        saved.forEach(entry -> set(entry.key(), entry.setting()));
    }

    /**
     * Takes {@code saved} as every setting there is, dropping the others: for a replica that follows its
     * group's leader, whose settings the leader saved and replicated.
     */
    public synchronized void adopt(List<Entry> saved) {
        settings.keySet().retainAll(saved.stream().map(Entry::key).collect(Collectors.toSet()));
        restore(saved);
    }

    /** Every setting, sorted by topic and group, to save. */
    public List<Entry> snapshot() {
        return new TreeMap<>(settings).entrySet().stream().map(e -> new Entry(e.getKey(), e.getValue())).toList();
    }

    public Optional<Setting> find(TopicGroup key) {
        return Optional.ofNullable(settings.get(key));
    }
}

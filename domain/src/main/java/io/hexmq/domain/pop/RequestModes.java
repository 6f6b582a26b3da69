package io.hexmq.domain.pop;

import io.hexmq.domain.consumer.TopicGroup;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The request modes set for a group on a topic (SET_MESSAGE_REQUEST_MODE), which broker-side assignment
 * hands to the group's clients; a pair without one takes the broker's default. Thread-safe.
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

    private final Map<TopicGroup, Setting> settings = new ConcurrentHashMap<>();

    public void set(TopicGroup key, Setting setting) {
        settings.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(setting, "setting"));
    }

    public Optional<Setting> find(TopicGroup key) {
        return Optional.ofNullable(settings.get(key));
    }
}

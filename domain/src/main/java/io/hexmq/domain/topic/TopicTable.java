package io.hexmq.domain.topic;

import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The broker's topic table: which topics it hosts, with how many queues and which permissions, and
 * the {@link DataVersion} it announces to the NameServers.
 *
 * <p>Readers (every send and pull looks its topic up) read the current {@link TopicConfigTable}
 * without locking. Writers take turns: each builds the next table, hands it to a {@code persist} step,
 * and publishes it only if that step returns. Saved tables therefore reach storage in the order they
 * were made, and a failed save leaves readers with what is still on disk.
 */
public final class TopicTable {

    private volatile TopicConfigTable current;

    public TopicTable(TopicConfigTable initial) {
        this.current = Objects.requireNonNull(initial, "initial");
    }

    public TopicConfigTable snapshot() {
        return current;
    }

    public Optional<TopicConfig> find(TopicName topic) {
        return current.find(topic);
    }

    /**
     * Creates or replaces a topic's config.
     *
     * @return true if the table changed
     */
    public synchronized boolean put(TopicConfig config, long nowMillis, Consumer<TopicConfigTable> persist) {
        return publish(current.with(config, nowMillis), persist);
    }

    /** @return the removed config, or empty when the topic was not here */
    public synchronized Optional<TopicConfig> remove(TopicName topic, long nowMillis,
            Consumer<TopicConfigTable> persist) {
        Optional<TopicConfig> removed = current.find(topic);
        publish(current.without(topic, nowMillis), persist);
        return removed;
    }

    /** Creates {@code config}'s topic unless it exists; an existing config is returned as it is. */
    public synchronized TopicCreation createIfAbsent(TopicConfig config, long nowMillis,
            Consumer<TopicConfigTable> persist) {
        Optional<TopicConfig> existing = current.find(config.name());
        if (existing.isPresent()) {
            return TopicCreation.existed(existing.get());
        }
        publish(current.with(config, nowMillis), persist);
        return TopicCreation.created(config);
    }

    /**
     * Returns {@code topic}, creating it from the template {@code defaultTopic} if it is missing, the
     * way a producer's first send creates a topic: the template must be hosted here and carry
     * PERM_INHERIT; the new topic gets {@code min(requestedQueueNums, template's writeQueueNums)} read
     * and write queues (never fewer than 0), the template's permission without INHERIT and its filter
     * type. {@link SystemTopics#AUTO_CREATE_TOPIC} serves as a template only while
     * {@code autoCreateTopicEnable} is on, even when an older run left it in the table.
     */
    public synchronized TopicCreation createFromDefault(TopicName topic, TopicName defaultTopic,
            int requestedQueueNums, int topicSysFlag, boolean autoCreateTopicEnable, long nowMillis,
            Consumer<TopicConfigTable> persist) {
        Optional<TopicConfig> existing = current.find(topic);
        if (existing.isPresent()) {
            return TopicCreation.existed(existing.get());
        }
        Optional<TopicConfig> template = current.find(defaultTopic);
        if (template.isEmpty()) {
            return TopicCreation.refused(TopicCreation.Status.DEFAULT_TOPIC_MISSING,
                    "default topic[" + defaultTopic + "] does not exist on this broker");
        }
        boolean switchedOff = defaultTopic.equals(SystemTopics.AUTO_CREATE_TOPIC) && !autoCreateTopicEnable;
        if (switchedOff || !template.get().permission().isInheritable()) {
            return TopicCreation.refused(TopicCreation.Status.DEFAULT_TOPIC_NOT_INHERITABLE,
                    switchedOff ? "autoCreateTopicEnable is false on this broker"
                            : "default topic[" + defaultTopic + "] has no inherit permission (perm "
                                    + template.get().permission().bits() + ")");
        }
        int queueNums = Math.max(0, Math.min(requestedQueueNums, template.get().writeQueueNums()));
        TopicConfig created = new TopicConfig(topic, queueNums, queueNums,
                template.get().permission().withoutInherit(), template.get().filterType(), topicSysFlag, false,
                Map.of());
        publish(current.with(created, nowMillis), persist);
        return TopicCreation.created(created);
    }

    /**
     * Adds the topics of {@code defaults} that are missing (a broker's built-in topics at start).
     *
     * @return true if anything was added
     */
    public synchronized boolean addMissing(Collection<TopicConfig> defaults, long nowMillis,
            Consumer<TopicConfigTable> persist) {
        return publish(current.withMissing(defaults, nowMillis), persist);
    }

    /**
     * Applies the NameServer's list of ordered topics (see {@link TopicConfigTable#withOrderTopics}).
     *
     * @return true if any topic's order flag changed
     */
    public synchronized boolean markOrderTopics(Set<TopicName> orderTopics, long nowMillis,
            Consumer<TopicConfigTable> persist) {
        return publish(current.withOrderTopics(orderTopics, nowMillis), persist);
    }

    private boolean publish(TopicConfigTable next, Consumer<TopicConfigTable> persist) {
        if (next == current) {
            return false;
        }
        persist.accept(next);
        current = next;
        return true;
    }
}

package io.hexmq.application.topic;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.StoreHousekeeping;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * An operator removes from the store the queues of topics this broker no longer has a config for
 * (CLEAN_UNUSED_TOPIC, {@code mqadmin cleanUnusedTopic}), as a lost or replaced topic config file leaves
 * them. System topics stay, config or not: the broker writes them itself. The deletion goes through the
 * broker's message store, so a replicated group deletes on every replica.
 */
public final class CleanUnusedTopics {

    private final TopicTable topics;
    private final StoreHousekeeping housekeeping;
    private final MessageStore messages;
    private final SystemTopics systemTopics;

    public CleanUnusedTopics(TopicTable topics, StoreHousekeeping housekeeping, MessageStore messages,
                             BrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.housekeeping = Objects.requireNonNull(housekeeping, "housekeeping");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.systemTopics = settings.systemTopics();
    }

    /** @return the topics whose queues were deleted, sorted */
    public SortedSet<String> clean() {
        SortedSet<String> deleted = new TreeSet<>();
        for (String topic : housekeeping.queuedTopics()) {
            if (topics.findNamed(topic).isEmpty() && !isSystemTopic(topic)) {
                messages.deleteTopic(topic);
                deleted.add(topic);
            }
        }
        return deleted;
    }

    private boolean isSystemTopic(String topic) {
        return TopicName.validationProblem(topic).isEmpty() && systemTopics.isSystemTopic(new TopicName(topic));
    }
}

package io.hexmq.application.topic;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * An admin asks a broker which of its topics are the broker's own (GET_SYSTEM_TOPIC_LIST_FROM_BROKER), to leave
 * them out of what it exports as user topics ({@code mqadmin exportMetrics}, {@code exportMetadata}): the
 * configured topics that are system topics by {@link SystemTopics#isSystemTopic}, this broker's cluster,
 * broker-name and reply topics among them.
 */
public final class ListBrokerSystemTopics {

    private final TopicTable topics;
    private final SystemTopics systemTopics;

    public ListBrokerSystemTopics(TopicTable topics, BrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.systemTopics = settings.systemTopics();
    }

    /** @return the system topics this broker has a config for, sorted */
    public SortedSet<String> list() {
        SortedSet<String> system = new TreeSet<>();
        for (TopicName topic : topics.snapshot().topics().keySet()) {
            if (systemTopics.isSystemTopic(topic)) {
                system.add(topic.value());
            }
        }
        return system;
    }
}

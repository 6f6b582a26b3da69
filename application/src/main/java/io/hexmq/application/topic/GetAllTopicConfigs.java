package io.hexmq.application.topic;

import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;

/** An admin reads every topic config of this broker with the table's DataVersion (GET_ALL_TOPIC_CONFIG). */
public final class GetAllTopicConfigs {

    private final TopicTable topics;

    public GetAllTopicConfigs(TopicTable topics) {
        this.topics = Objects.requireNonNull(topics, "topics");
    }

    public TopicConfigTable get() {
        return topics.snapshot();
    }
}

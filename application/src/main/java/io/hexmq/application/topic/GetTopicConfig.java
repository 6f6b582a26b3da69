package io.hexmq.application.topic;

import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;
import java.util.Optional;

/** An admin reads one topic's config on this broker (GET_TOPIC_CONFIG), as it is: nothing is created. */
public final class GetTopicConfig {

    public record Query(TopicName topic) {

        public Query {
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final TopicTable topics;

    public GetTopicConfig(TopicTable topics) {
        this.topics = Objects.requireNonNull(topics, "topics");
    }

    /** @return empty when this broker does not host the topic */
    public Optional<TopicConfig> get(Query query) {
        return topics.find(query.topic());
    }
}

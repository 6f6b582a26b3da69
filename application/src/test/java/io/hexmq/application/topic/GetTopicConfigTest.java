package io.hexmq.application.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import org.junit.jupiter.api.Test;

class GetTopicConfigTest {

    private static final TopicName TOPIC = new TopicName("TopicTest");

    private final TestBroker broker = new TestBroker();
    private final GetTopicConfig getTopicConfig = new GetTopicConfig(broker.topics);

    @Test
    void answersTheConfigOfAHostedTopic() {
        TopicConfig config = TopicConfig.of(TOPIC, 2, 3, Permission.READ_WRITE);
        broker.topics.put(config, TestBroker.START, ignored -> { });

        assertThat(getTopicConfig.get(new GetTopicConfig.Query(TOPIC))).contains(config);
    }

    @Test
    void isEmpty_forATopicNotHostedHere_andCreatesNothing() {
        assertThat(getTopicConfig.get(new GetTopicConfig.Query(TOPIC))).isEmpty();
        assertThat(broker.topics.find(TOPIC)).isEmpty();
    }
}

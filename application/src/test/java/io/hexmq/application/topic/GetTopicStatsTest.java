package io.hexmq.application.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import org.junit.jupiter.api.Test;

class GetTopicStatsTest {

    private static final TopicName TOPIC = new TopicName("TopicTest");
    private static final BrokerName BROKER = new BrokerName("broker-a");

    private final TestBroker broker = new TestBroker();

    @Test
    void reportsEveryQueueUpToTheLargerCount_withTheNewestMessagesStoreTime() {
        broker.topics.put(TopicConfig.of(TOPIC, 1, 3, Permission.READ_WRITE), TestBroker.START, ignored -> { });
        broker.clock.advanceMillis(10);
        broker.messageStore.append(Message.builder(TOPIC.value(), 1, new byte[] {1}).build());
        broker.clock.advanceMillis(10);
        broker.messageStore.append(Message.builder(TOPIC.value(), 1, new byte[] {2}).build());

        assertThat(broker.getTopicStats.get(new GetTopicStats.Command(TOPIC))).hasValueSatisfying(stats ->
                assertThat(stats).containsExactly(
                        new GetTopicStats.QueueStats(new MessageQueue(TOPIC, BROKER, 0), 0, 0, 0),
                        new GetTopicStats.QueueStats(new MessageQueue(TOPIC, BROKER, 1), 0, 2, TestBroker.START + 20),
                        new GetTopicStats.QueueStats(new MessageQueue(TOPIC, BROKER, 2), 0, 0, 0)));
    }

    @Test
    void isEmpty_forATopicNotHostedHere() {
        assertThat(broker.getTopicStats.get(new GetTopicStats.Command(new TopicName("Gone")))).isEmpty();
    }
}

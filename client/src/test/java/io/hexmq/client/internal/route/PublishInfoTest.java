package io.hexmq.client.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerQueues;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PublishInfoTest {

    @Test
    void listsWritableQueuesOfBrokersWithMasterInBrokerOrder() {
        PublishInfo info = PublishInfo.of("T", new TopicRoute(
                List.of(new BrokerQueues("b", 2, 2, 6, 0), new BrokerQueues("a", 2, 2, 6, 0),
                        new BrokerQueues("readonly", 2, 2, 4, 0), new BrokerQueues("nomaster", 2, 2, 6, 0)),
                List.of(new BrokerGroup("c", "a", Map.of(0L, "a:1")), new BrokerGroup("c", "b", Map.of(0L, "b:1")),
                        new BrokerGroup("c", "readonly", Map.of(0L, "r:1")),
                        new BrokerGroup("c", "nomaster", Map.of(1L, "n:1")))));

        assertThat(info.queues()).containsExactly(new MessageQueue("T", "a", 0), new MessageQueue("T", "a", 1),
                new MessageQueue("T", "b", 0), new MessageQueue("T", "b", 1));
    }

    @Test
    void limitsQueuesPerBroker_forARouteBorrowedFromTheAutoCreateTopic() {
        TopicRoute template = new TopicRoute(List.of(new BrokerQueues("a", 8, 8, 7, 0)),
                List.of(new BrokerGroup("c", "a", Map.of(0L, "a:1"))));

        assertThat(PublishInfo.of("New", template, 4).queues()).hasSize(4)
                .allMatch(queue -> queue.topic().equals("New"));
    }
}

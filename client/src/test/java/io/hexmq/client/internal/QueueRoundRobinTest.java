package io.hexmq.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerQueues;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class QueueRoundRobinTest {

    private final List<MessageQueue> queues = PublishInfo.of("T", new TopicRoute(
            List.of(new BrokerQueues("b", 2, 2, 6, 0), new BrokerQueues("a", 2, 2, 6, 0),
                    new BrokerQueues("readonly", 2, 2, 4, 0), new BrokerQueues("nomaster", 2, 2, 6, 0)),
            List.of(new BrokerGroup("c", "a", Map.of(0L, "a:1")), new BrokerGroup("c", "b", Map.of(0L, "b:1")),
                    new BrokerGroup("c", "readonly", Map.of(0L, "r:1")),
                    new BrokerGroup("c", "nomaster", Map.of(1L, "n:1"))))).queues();

    @Test
    void listsWritableQueuesOfBrokersWithMasterInBrokerOrder() {
        assertThat(queues).containsExactly(new MessageQueue("T", "a", 0), new MessageQueue("T", "a", 1),
                new MessageQueue("T", "b", 0), new MessageQueue("T", "b", 1));
    }

    @Test
    void cyclesThroughAllQueues() {
        AtomicInteger counter = new AtomicInteger();
        List<MessageQueue> chosen = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            chosen.add(QueueRoundRobin.next(queues, counter, null));
        }
        assertThat(chosen).containsExactlyElementsOf(queues);
    }

    @Test
    void skipsTheBrokerThatFailed() {
        AtomicInteger counter = new AtomicInteger();
        for (int i = 0; i < 8; i++) {
            assertThat(QueueRoundRobin.next(queues, counter, "a").brokerName()).isEqualTo("b");
        }
    }

    @Test
    void usesTheFailedBroker_whenItIsTheOnlyOne() {
        List<MessageQueue> single = List.of(new MessageQueue("T", "a", 0));
        assertThat(QueueRoundRobin.next(single, new AtomicInteger(), "a")).isEqualTo(single.get(0));
    }

    @Test
    void limitsQueuesPerBroker_forARouteBorrowedFromTheAutoCreateTopic() {
        TopicRoute template = new TopicRoute(List.of(new BrokerQueues("a", 8, 8, 7, 0)),
                List.of(new BrokerGroup("c", "a", Map.of(0L, "a:1"))));

        assertThat(PublishInfo.of("New", template, 4).queues()).hasSize(4)
                .allMatch(queue -> queue.topic().equals("New"));
    }
}

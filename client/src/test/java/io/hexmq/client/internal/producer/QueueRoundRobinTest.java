package io.hexmq.client.internal.producer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.MessageQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class QueueRoundRobinTest {

    private final List<MessageQueue> queues = List.of(new MessageQueue("T", "a", 0), new MessageQueue("T", "a", 1),
            new MessageQueue("T", "b", 0), new MessageQueue("T", "b", 1));

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
}

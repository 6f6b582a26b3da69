package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.send;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** What the timer scheduler reports for RocketMQ's timer metrics, by each message's real topic. */
class TimerCountsTest {

    private static final long START = TestBroker.START;

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 2).withTopic("Other", 1);

    private void sendDueAt(String topic, long dueMillis) {
        joined(mb.sendMessage.send(send(topic, 0, "x", properties("TIMER_DELIVER_MS", Long.toString(dueMillis)))));
    }

    private static Map<String, Long> read(Consumer<BiConsumer<String, Long>> forEach) {
        Map<String, Long> counts = new TreeMap<>();
        forEach.accept(counts::put);
        return counts;
    }

    @Test
    void countsMessagesTakenIn_waiting_andDelivered_byRealTopic() {
        sendDueAt(TOPIC, START + 1_000);
        sendDueAt(TOPIC, START + 5_000);
        sendDueAt("Other", START + 1_000);

        mb.deliverDueTimerMessages.deliver();
        assertThat(read(mb.timerCounts::forEachEnqueued)).containsOnly(Map.entry(TOPIC, 2L), Map.entry("Other", 1L));
        assertThat(read(mb.timerCounts::forEachWaiting)).containsOnly(Map.entry(TOPIC, 2L), Map.entry("Other", 1L));
        assertThat(read(mb.timerCounts::forEachDequeued)).isEmpty();

        mb.broker.clock.set(START + 2_000);
        mb.deliverDueTimerMessages.deliver();
        assertThat(read(mb.timerCounts::forEachWaiting)).containsOnly(Map.entry(TOPIC, 1L), Map.entry("Other", 0L));
        assertThat(read(mb.timerCounts::forEachDequeued)).containsOnly(Map.entry(TOPIC, 1L), Map.entry("Other", 1L));
    }

    @Test
    void dequeueLatency_isHowLateTheEarliestWaitingMessageIs_andZeroBeforeItIsDue() {
        sendDueAt(TOPIC, START + 1_000);
        mb.deliverDueTimerMessages.deliver();

        assertThat(mb.timerCounts.dequeueLatencyMillis(START + 999)).isZero();
        assertThat(mb.timerCounts.dequeueLatencyMillis(START + 4_000)).isEqualTo(3_000);

        mb.broker.clock.set(START + 4_000);
        mb.deliverDueTimerMessages.deliver();
        assertThat(mb.timerCounts.dequeueLatencyMillis(START + 9_000)).as("nothing waits").isZero();
    }

    @Test
    void aRebuiltIndex_countsItsMessagesAsWaitingOnce_andAsEnqueuedAgain() {
        sendDueAt(TOPIC, START + 1_000);
        mb.deliverDueTimerMessages.deliver();

        new DeliverDueTimerMessages(mb.store, mb.timerProgressStore, mb.broker.clock, mb.timerCounts).deliver();

        assertThat(read(mb.timerCounts::forEachWaiting)).containsOnly(Map.entry(TOPIC, 1L));
        assertThat(read(mb.timerCounts::forEachEnqueued)).containsOnly(Map.entry(TOPIC, 2L));
    }
}

package io.hexmq.adapters.metrics;

import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.send;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.message.MessageBroker;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

class TimerMetersTest {

    private static final long START = TestBroker.START;
    private static final String LABELS = "node_type=\"broker\",storage_medium=\"disk\",storage_type=\"local\"";

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 1);
    private final PrometheusMeterRegistry registry = Registries.prometheus("node_type", "broker");
    private final TimerMeters meters = new TimerMeters(registry, mb.timerCounts, mb.broker.clock);

    private void sendDueAt(long dueMillis) {
        mb.sendMessage.send(send(TOPIC, 0, "x", properties("TIMER_DELIVER_MS", Long.toString(dueMillis))))
                .toCompletableFuture().join();
    }

    private String scrape() {
        meters.read();
        return registry.scrape();
    }

    @Test
    void enqueuedDequeuedAndWaiting_byRealTopic_asTheSchedulerReportsThem() {
        sendDueAt(START + 1_000);
        sendDueAt(START + 60_000);
        mb.deliverDueTimerMessages.deliver();
        mb.broker.clock.set(START + 2_000);
        mb.deliverDueTimerMessages.deliver();

        String topic = "{" + LABELS + ",topic=\"" + TOPIC + "\"}";
        assertThat(scrape()).contains("rocketmq_timer_enqueue_total" + topic + " 2.0")
                .contains("rocketmq_timer_dequeue_total" + topic + " 1.0")
                .contains("rocketmq_timing_messages" + topic + " 1.0");
    }

    @Test
    void dequeueLatency_isHowLongTheEarliestWaitingMessageIsOverdue_atTheScrape() {
        sendDueAt(START + 1_000);
        mb.deliverDueTimerMessages.deliver();

        assertThat(scrape()).contains("rocketmq_timer_dequeue_latency{" + LABELS + "} 0.0");
        mb.broker.clock.set(START + 3_500);
        assertThat(scrape()).contains("rocketmq_timer_dequeue_latency{" + LABELS + "} 2500.0");
    }
}

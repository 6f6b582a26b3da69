package io.hexmq.adapters.metrics;

import io.hexmq.application.message.TimerCounts;
import io.hexmq.domain.time.port.Clock;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * RocketMQ 5.x's timer metrics for hexmq's timer messages, read at each scrape from what the timer scheduler
 * reports ({@link TimerCounts}): {@code rocketmq_timer_enqueue_total} and {@code rocketmq_timer_dequeue_total}
 * by real topic, {@code rocketmq_timing_messages} (waiting, by real topic) and
 * {@code rocketmq_timer_dequeue_latency} (ms the earliest waiting message is overdue). Like RocketMQ's store
 * metrics they carry {@code storage_type} and {@code storage_medium}.
 */
final class TimerMeters {

    static final String ENQUEUE_TOTAL = "rocketmq_timer_enqueue";
    static final String DEQUEUE_TOTAL = "rocketmq_timer_dequeue";
    static final String TIMING_MESSAGES = "rocketmq_timing_messages";
    static final String DEQUEUE_LATENCY = "rocketmq_timer_dequeue_latency";

    private final MeterRegistry registry;
    private final TimerCounts counts;
    private final Map<String, Totals> enqueued = new HashMap<>();
    private final Map<String, Totals> dequeued = new HashMap<>();
    private final MultiGauge timing;

    TimerMeters(MeterRegistry registry, TimerCounts counts, Clock clock) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.counts = Objects.requireNonNull(counts, "counts");
        Objects.requireNonNull(clock, "clock");
        timing = MultiGauge.builder(TIMING_MESSAGES).description("Timer messages waiting to be due, by topic")
                .register(registry);
        Gauge.builder(DEQUEUE_LATENCY, () -> counts.dequeueLatencyMillis(clock.millis())).tags(MetricNames.LOCAL_DISK)
                .description("How late the earliest waiting timer message is, in ms").register(registry);
    }

    /** Reads the scheduler's counts into the meters; called by the scrape. */
    void read() {
        counts.forEachEnqueued((topic, count) -> enqueued.computeIfAbsent(topic,
                t -> counter(ENQUEUE_TOTAL, t, "Timer messages taken in to wait")).set(count, 0));
        counts.forEachDequeued((topic, count) -> dequeued.computeIfAbsent(topic,
                t -> counter(DEQUEUE_TOTAL, t, "Timer messages delivered when due")).set(count, 0));
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        counts.forEachWaiting((topic, count) -> rows.add(MultiGauge.Row.of(topicTags(topic), count)));
        timing.register(rows, true);
    }

    private Totals counter(String name, String topic, String description) {
        Totals totals = new Totals();
        FunctionCounter.builder(name, totals, Totals::messages).tags(topicTags(topic)).description(description)
                .register(registry);
        return totals;
    }

    private static Tags topicTags(String topic) {
        return MetricNames.LOCAL_DISK.and(MetricNames.TOPIC, topic);
    }
}

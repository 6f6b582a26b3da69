package io.hexmq.adapters.metrics;

import io.hexmq.application.pop.PopLedger;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.time.port.Clock;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * RocketMQ 5.x's POP revive metrics for hexmq's POP, read at each scrape from the POP ledger: what went in
 * ({@code rocketmq_pop_revive_in_message_total}, checkpoints as {@code CK}, acks as {@code ACK}), the checkpoints
 * the revive took up when due ({@code rocketmq_pop_revive_out_message_total}, {@code CK}), the copies it stored in
 * the POP retry topic ({@code rocketmq_pop_revive_retry_messages_total}), the checkpoints in flight
 * ({@code rocketmq_pop_checkpoint_buffer_size}) and how late the earliest one is
 * ({@code rocketmq_pop_revive_latency}, ms). hexmq keeps checkpoints in its ledger, not a revive topic, so what
 * went in was always stored ({@code put_status="PUT_OK"}) and there is one revive queue ({@code queue_id="0"}).
 */
final class PopMeters {

    static final String REVIVE_IN = "rocketmq_pop_revive_in_message";
    static final String REVIVE_OUT = "rocketmq_pop_revive_out_message";
    static final String REVIVE_RETRY = "rocketmq_pop_revive_retry_messages";
    static final String CHECKPOINT_BUFFER_SIZE = "rocketmq_pop_checkpoint_buffer_size";
    static final String REVIVE_LATENCY = "rocketmq_pop_revive_latency";
    private static final String REVIVE_MESSAGE_TYPE = "revive_message_type";
    private static final String PUT_STATUS = "put_status";
    private static final String PUT_OK = "PUT_OK";
    private static final String QUEUE_ID = "queue_id";

    private final MeterRegistry registry;
    private final PopLedger ledger;
    private final Map<String, Totals> counters = new HashMap<>();

    PopMeters(MeterRegistry registry, PopLedger ledger, Clock clock) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        Objects.requireNonNull(clock, "clock");
        Gauge.builder(CHECKPOINT_BUFFER_SIZE, () -> ledger.checkpoints().size())
                .description("POP checkpoints in flight").register(registry);
        Gauge.builder(REVIVE_LATENCY, () -> reviveLatency(clock.millis())).tag(QUEUE_ID, "0")
                .description("How late the earliest POP checkpoint's revive is, in ms").register(registry);
    }

    /** Reads the ledger's counts into the meters; called by the scrape. */
    void read() {
        var counts = ledger.counts();
        readInto(counts::forEachCheckpointPut, REVIVE_IN, Tags.of(REVIVE_MESSAGE_TYPE, "CK", PUT_STATUS, PUT_OK));
        readInto(counts::forEachAckPut, REVIVE_IN, Tags.of(REVIVE_MESSAGE_TYPE, "ACK", PUT_STATUS, PUT_OK));
        readInto(counts::forEachCheckpointRevived, REVIVE_OUT, Tags.of(REVIVE_MESSAGE_TYPE, "CK", QUEUE_ID, "0"));
        readInto(counts::forEachRetried, REVIVE_RETRY, Tags.of(PUT_STATUS, PUT_OK));
    }

    private void readInto(Consumer<BiConsumer<TopicGroup, Long>> forEach, String name, Tags kind) {
        forEach.accept((key, count) -> counters.computeIfAbsent(name + kind + key, ignored -> {
            Totals totals = new Totals();
            FunctionCounter.builder(name, totals, Totals::messages).tags(kind)
                    .tags(MetricNames.CONSUMER_GROUP, key.group().value(), MetricNames.TOPIC, key.topic().value())
                    .description("POP revive traffic, by group and topic").register(registry);
            return totals;
        }).set(count, 0));
    }

    private double reviveLatency(long now) {
        long due = ledger.checkpoints().nextDeadline().orElse(Long.MAX_VALUE);
        return due <= now ? now - due : 0;
    }
}

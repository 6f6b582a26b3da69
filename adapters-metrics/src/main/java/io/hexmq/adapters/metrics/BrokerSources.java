package io.hexmq.adapters.metrics;

import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.application.broker.TrafficStats;
import io.hexmq.application.message.TimerCounts;
import io.hexmq.application.metrics.CountClientConnections;
import io.hexmq.application.metrics.MeasureConsumerLag;
import io.hexmq.application.pop.PopLedger;
import io.hexmq.domain.time.port.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * What the broker's meters read at each scrape; nothing here is counted for the metrics alone.
 *
 * @param traffic      messages and bytes in by topic and out by topic and group, as the send and pull paths record them
 * @param lag          each group's lag and in-flight messages, computed from offsets
 * @param connections  producer and consumer connections from heartbeats
 * @param topics       how many topics the broker holds
 * @param groups       how many subscription groups it holds
 * @param storageSize  bytes the commit log holds
 * @param diskRatio    used fraction of the store's disk, 0.0 to 1.0
 * @param permission   the broker's permission bits as they stand (brokerPermission, changed at run time)
 * @param processorQueues requests waiting for each of the broker's executors, by RocketMQ's processor label
 * @param outcomes     messages dead-lettered, transactions committed and rolled back, as they were stored
 * @param timers       timer messages taken in, delivered and waiting, as the timer scheduler reports them
 * @param pops         the POP ledger: checkpoints in flight, and what went through it
 * @param clock        the broker's clock, for the ages computed at a scrape
 */
public record BrokerSources(
        TrafficStats traffic,
        MeasureConsumerLag lag,
        CountClientConnections connections,
        IntSupplier topics,
        IntSupplier groups,
        LongSupplier storageSize,
        DoubleSupplier diskRatio,
        IntSupplier permission,
        Map<String, LongSupplier> processorQueues,
        MessageOutcomes outcomes,
        TimerCounts timers,
        PopLedger pops,
        Clock clock) {

    public BrokerSources {
        Objects.requireNonNull(traffic, "traffic");
        Objects.requireNonNull(lag, "lag");
        Objects.requireNonNull(connections, "connections");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(groups, "groups");
        Objects.requireNonNull(storageSize, "storageSize");
        Objects.requireNonNull(diskRatio, "diskRatio");
        Objects.requireNonNull(permission, "permission");
        processorQueues = Map.copyOf(processorQueues);
        Objects.requireNonNull(outcomes, "outcomes");
        Objects.requireNonNull(timers, "timers");
        Objects.requireNonNull(pops, "pops");
        Objects.requireNonNull(clock, "clock");
    }
}

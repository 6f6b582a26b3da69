package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Key;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.OptionalBinder;
import com.google.inject.name.Names;
import io.hexmq.adapters.metrics.BrokerMetrics;
import io.hexmq.adapters.metrics.BrokerSources;
import io.hexmq.adapters.metrics.PrometheusEndpoint;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.application.consumer.GetBrokerConsumeStats;
import io.hexmq.application.message.TimerCounts;
import io.hexmq.application.metrics.CountClientConnections;
import io.hexmq.application.metrics.MeasureConsumerLag;
import io.hexmq.application.pop.PopLedger;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.lifecycle.MeasuredExecutor;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.metrics.port.MessageSizes;
import io.hexmq.domain.metrics.port.RequestTimings;
import io.hexmq.domain.metrics.port.TransactionLatencies;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.remoting.protocol.CodeNames;
import io.hexmq.storage.DiskUsage;
import jakarta.inject.Named;
import java.util.Map;

/**
 * The broker's Prometheus endpoint ({@code metricsExporterType=PROM}): its meters read the statistics, offsets,
 * heartbeats and store the broker already has; its dispatcher reports request times, and its send and
 * transaction ends the sizes and commit times, to them instead of to the {@code NONE} ports. The launcher
 * installs this module only when the endpoint is on.
 */
public final class BrokerMetricsModule extends AbstractModule {

    private static final String METRICS = "metrics";

    private final BrokerConfig config;

    public BrokerMetricsModule(BrokerConfig config) {
        this.config = config;
    }

    @Override
    protected void configure() {
        OptionalBinder.newOptionalBinder(binder(), RequestTimings.class).setBinding()
                .to(Key.get(RequestTimings.class, Names.named(METRICS)));
        OptionalBinder.newOptionalBinder(binder(), MessageSizes.class).setBinding()
                .to(Key.get(MessageSizes.class, Names.named(METRICS)));
        OptionalBinder.newOptionalBinder(binder(), TransactionLatencies.class).setBinding()
                .to(Key.get(TransactionLatencies.class, Names.named(METRICS)));
    }

    @Provides
    @Singleton
    BrokerMetrics metrics(BrokerStatistics statistics, GetBrokerConsumeStats consumeStats, ProducerGroups producers,
                          ConsumerGroups consumers, TopicTable topics, SubscriptionGroups groups, StoreGauges store,
                          MessageStore messages, Clock clock, LiveBrokerSettings live,
                          @Named("broker-send") MeasuredExecutor send, @Named("broker-pull") MeasuredExecutor pull,
                          @Named("broker-admin") MeasuredExecutor admin, MessageOutcomes outcomes,
                          TimerCounts timers, PopLedger pops) {
        BrokerSources sources = new BrokerSources(statistics.traffic(),
                new MeasureConsumerLag(consumeStats, messages, clock),
                new CountClientConnections(producers, consumers),
                () -> topics.snapshot().configs().size(), () -> groups.snapshot().configs().size(),
                () -> Math.max(0, store.commitLogMaxOffset().getAsLong() - store.commitLogMinOffset().getAsLong()),
                () -> DiskUsage.FILE_SYSTEM.usedPercent(config.store().storePathRootDir()) / 100,
                () -> live.get().brokerPermission().bits(),
                // RocketMQ's labels for the executors hexmq has; its lite-pull, ack, query and transaction
                // requests wait in these queues too (see GetBrokerRuntimeInfo)
                Map.of("send", send::queueSize, "pull", pull::queueSize, "admin", admin::queueSize), outcomes,
                timers, pops, clock);
        return new BrokerMetrics(config.settings().brokerClusterName().value(), config.settings().brokerName().value(),
                sources, CodeNames.ofRequests()::name, CodeNames.ofResponses()::name);
    }

    @Provides
    @Named(METRICS)
    RequestTimings requestTimings(BrokerMetrics metrics) {
        return metrics.requestTimings();
    }

    @Provides
    @Named(METRICS)
    MessageSizes messageSizes(BrokerMetrics metrics) {
        return metrics.histograms();
    }

    @Provides
    @Named(METRICS)
    TransactionLatencies transactionLatencies(BrokerMetrics metrics) {
        return metrics.histograms();
    }

    @Provides
    @Singleton
    PrometheusEndpoint endpoint(BrokerMetrics metrics) {
        return new PrometheusEndpoint(config.metrics().host(), config.metrics().port(), metrics::scrape);
    }
}

package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Key;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.OptionalBinder;
import com.google.inject.name.Names;
import io.hexmq.adapters.metrics.NameServerMetrics;
import io.hexmq.adapters.metrics.PrometheusEndpoint;
import io.hexmq.application.namesrv.GetAllTopics;
import io.hexmq.application.namesrv.GetClusterInfo;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.domain.metrics.port.RequestTimings;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.remoting.protocol.CodeNames;
import jakarta.inject.Named;

/**
 * The NameServer's Prometheus endpoint ({@code metricsExporterType=PROM} in its config): the route table's
 * figures and its dispatcher's request times. The launcher installs this module only when the endpoint is on.
 */
public final class NameServerMetricsModule extends AbstractModule {

    private static final String METRICS = "metrics";

    private final NameServerConfig config;

    public NameServerMetricsModule(NameServerConfig config) {
        this.config = config;
    }

    @Override
    protected void configure() {
        OptionalBinder.newOptionalBinder(binder(), RequestTimings.class).setBinding()
                .to(Key.get(RequestTimings.class, Names.named(METRICS)));
    }

    @Provides
    @Singleton
    NameServerMetrics metrics(RouteTable routes) {
        return new NameServerMetrics(config.listen().toString(), new GetClusterInfo(routes), new GetAllTopics(routes),
                CodeNames.ofRequests()::name, CodeNames.ofResponses()::name);
    }

    @Provides
    @Named(METRICS)
    RequestTimings requestTimings(NameServerMetrics metrics) {
        return metrics.requestTimings();
    }

    @Provides
    @Singleton
    PrometheusEndpoint endpoint(NameServerMetrics metrics) {
        return new PrometheusEndpoint(config.metrics().host(), config.metrics().port(), metrics::scrape);
    }
}

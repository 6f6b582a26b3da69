package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetricsConfigTest {

    private static MetricsConfig read(Map<String, String> settings) throws LaunchException {
        return MetricsConfig.from(RawConfig.of(settings));
    }

    @Test
    void isOffUnlessSet_withRocketMqsDefaultPort_onLoopback() throws LaunchException {
        MetricsConfig config = read(Map.of());

        assertThat(config.prometheus()).isFalse();
        assertThat(config).isEqualTo(new MetricsConfig(MetricsConfig.ExporterType.DISABLE, "127.0.0.1", 5557));
    }

    @Test
    void prom_turnsTheEndpointOn_atTheHostAndPortGiven_byNameOrByRocketMqsNumber() throws LaunchException {
        assertThat(read(Map.of("metricsExporterType", "PROM", "metricsPromExporterHost", "0.0.0.0",
                "metricsPromExporterPort", "9100")))
                .isEqualTo(new MetricsConfig(MetricsConfig.ExporterType.PROM, "0.0.0.0", 9100));
        assertThat(read(Map.of("metricsExporterType", "2")).prometheus()).isTrue();
        assertThat(read(Map.of("metricsExporterType", "prom")).prometheus()).isTrue();
        assertThat(read(Map.of("metricsExporterType", "0")).prometheus()).isFalse();
        assertThat(read(Map.of("metricsPromExporterHost", " ")).host()).as("blank is the default").isEqualTo("127.0.0.1");
    }

    @Test
    void refusesRocketMqsOtherExporters_andUnknownTypes_withAOneLineReason() {
        assertThatThrownBy(() -> read(Map.of("metricsExporterType", "OTLP_GRPC"))).isInstanceOf(LaunchException.class)
                .hasMessage("invalid metrics setting: metricsExporterType=OTLP_GRPC is not supported by hexmq; "
                        + "use PROM (a Prometheus endpoint) or DISABLE");
        assertThatThrownBy(() -> read(Map.of("metricsExporterType", "3"))).hasMessageContaining("LOG is not supported");
        assertThatThrownBy(() -> read(Map.of("metricsExporterType", "GRAPHITE")))
                .hasMessageContaining("metricsExporterType=GRAPHITE is none of");
        assertThatThrownBy(() -> read(Map.of("metricsPromExporterPort", "70000")))
                .hasMessageContaining("metricsPromExporterPort must be between 0 and 65535");
    }
}

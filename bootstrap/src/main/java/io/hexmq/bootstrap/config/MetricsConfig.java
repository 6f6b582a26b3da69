package io.hexmq.bootstrap.config;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.Locale;

/**
 * Metrics for scraping, with RocketMQ 5.x's names: {@code metricsExporterType} ({@code DISABLE} by default;
 * {@code PROM} serves {@code /metrics} in Prometheus text format), {@code metricsPromExporterHost} (where it
 * binds: loopback unless told, where RocketMQ takes the broker's IP) and {@code metricsPromExporterPort} (5557,
 * RocketMQ's default). RocketMQ's other exporters ({@code OTLP_GRPC}, {@code LOG}) stop the launch with a reason;
 * the type may also be given as RocketMQ's number (0 to 3).
 *
 * @param port 0 for an ephemeral port
 */
public record MetricsConfig(ExporterType exporterType, String host, int port) {

    /** RocketMQ's {@code MetricsExporterType}, in its order. */
    public enum ExporterType { DISABLE, OTLP_GRPC, PROM, LOG }

    public static final String EXPORTER_TYPE = "metricsExporterType";
    public static final String PROM_HOST = "metricsPromExporterHost";
    public static final String PROM_PORT = "metricsPromExporterPort";
    public static final int DEFAULT_PORT = 5557;
    public static final MetricsConfig DISABLED = new MetricsConfig(ExporterType.DISABLE, "127.0.0.1", DEFAULT_PORT);

    public MetricsConfig {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException(PROM_PORT + " must be between 0 and 65535, not " + port);
        }
        if (exporterType == ExporterType.OTLP_GRPC || exporterType == ExporterType.LOG) {
            throw new IllegalArgumentException(EXPORTER_TYPE + "=" + exporterType + " is not supported by hexmq; "
                    + "use PROM (a Prometheus endpoint) or DISABLE");
        }
    }

    /** Whether the Prometheus endpoint is on. */
    public boolean prometheus() {
        return exporterType == ExporterType.PROM;
    }

    public static MetricsConfig from(RawConfig raw) throws LaunchException {
        String type = raw.string(EXPORTER_TYPE, ExporterType.DISABLE.name()).trim();
        String host = raw.string(PROM_HOST, "").trim();
        try {
            return new MetricsConfig(parse(type), host.isEmpty() ? "127.0.0.1" : host,
                    raw.integer(PROM_PORT, DEFAULT_PORT));
        } catch (IllegalArgumentException e) {
            throw new LaunchException("invalid metrics setting: " + e.getMessage(), e);
        }
    }

    private static ExporterType parse(String type) {
        ExporterType[] types = ExporterType.values();
        if (!type.isEmpty() && type.chars().allMatch(Character::isDigit)) {
            int number = Integer.parseInt(type);
            if (number < types.length) {
                return types[number];
            }
        }
        try {
            return ExporterType.valueOf(type.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException(EXPORTER_TYPE + "=" + type + " is none of DISABLE, PROM, OTLP_GRPC, LOG",
                    unknown);
        }
    }

    /** The settings as GET_BROKER_CONFIG lists them. */
    String describe() {
        return EXPORTER_TYPE + "=" + exporterType + "\n" + PROM_HOST + "=" + host + "\n" + PROM_PORT + "=" + port + "\n";
    }
}

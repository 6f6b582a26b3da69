package io.hexmq.bootstrap;

import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.config.RawConfig;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hexmq namesrv}: a NameServer on its own, as RocketMQ's {@code mqnamesrv}. */
@Command(
        name = "namesrv",
        mixinStandardHelpOptions = true,
        description = "Start a NameServer (broker registration, route discovery, broker liveness, KV config).",
        footerHeading = "%nMetrics, with the broker's setting names (off unless set):%n",
        footer = {
            "  metricsExporterType=PROM           serve GET /metrics, Prometheus text format",
            "                                     (default DISABLE; OTLP_GRPC and LOG refused)",
            "  metricsPromExporterHost=127.0.0.1  the address it binds (default loopback)",
            "  metricsPromExporterPort=5557       its port (default 5557; a broker on the",
            "                                     same machine needs another)"})
final class NamesrvCommand implements Callable<Integer> {

    @Option(names = "--listen", paramLabel = "HOST:PORT",
            description = "Address to listen on (default 127.0.0.1:9876; overrides bindAddress/listenPort).")
    String listen;

    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "A properties file with RocketMQ-style NameServer settings (listenPort, kvConfigPath, ...).")
    Path configFile;

    @Option(names = "-D", paramLabel = "KEY=VALUE", mapFallbackValue = "",
            description = "Override one setting, e.g. -DorderMessageEnable=true (repeatable).")
    Map<String, String> overrides = new LinkedHashMap<>();

    @Override
    public Integer call() throws LaunchException {
        RawConfig raw = RawConfig.load(configFile, overrides);
        if (listen != null) {
            HostPort address = HostPort.parse(listen);
            raw = raw.with("bindAddress", address.host()).with("listenPort", Integer.toString(address.port()));
        }
        NameServerConfig config = NameServerConfig.from(raw);
        UnknownSettings.warn(raw);
        return RunUntilStopped.run(() -> NameServerNode.start(config));
    }
}

package io.hexmq.bootstrap;

import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.ConsoleConfig;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.MetricsConfig;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.config.RawConfig;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hexmq standalone}: a NameServer and a Broker in one JVM. The broker still registers with the
 * NameServer over loopback through the real protocol, so a standalone node behaves exactly like a
 * split deployment.
 */
@Command(
        name = "standalone",
        mixinStandardHelpOptions = true,
        description = "Start a NameServer and a Broker in one process, with the data under ./data and the web "
                + "console on http://127.0.0.1:8082/ (-DconsoleEnable=false turns it off, -DconsolePort=... moves it; "
                + "signed in with ACL 2.0's users or ACL 1.0's accounts).")
final class StandaloneCommand implements Callable<Integer> {

    @Mixin
    BrokerOptions broker;

    @Option(names = "--namesrv-listen", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:9876",
            description = "NameServer address (default ${DEFAULT-VALUE}).")
    String namesrvListen;

    @Option(names = "--broker-listen", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:10911",
            description = "Broker address (default ${DEFAULT-VALUE}; the VIP port is PORT - 2).")
    String brokerListen;

    @Option(names = "--namesrv-metrics-port", paramLabel = "PORT",
            description = "Serve the NameServer's Prometheus metrics on GET http://127.0.0.1:PORT/metrics (off unless "
                    + "given; the broker's are set with -DmetricsExporterType=PROM -DmetricsPromExporterPort=...).")
    Integer namesrvMetricsPort;

    @Option(names = "--data", paramLabel = "DIR", defaultValue = "data",
            description = "Where the NameServer's KV config and the Broker's store live (default ./${DEFAULT-VALUE}).")
    Path dataDir;

    @Override
    public Integer call() throws LaunchException {
        HostPort namesrvAddress = HostPort.parse(namesrvListen);
        Map<String, String> namesrv = new LinkedHashMap<>(Map.of(
                "bindAddress", namesrvAddress.host(),
                "listenPort", Integer.toString(namesrvAddress.port()),
                "kvConfigPath", dataDir.resolve("namesrv").resolve("kvConfig.json").toString()));
        if (namesrvMetricsPort != null) {
            namesrv.put(MetricsConfig.EXPORTER_TYPE, MetricsConfig.ExporterType.PROM.name());
            namesrv.put(MetricsConfig.PROM_PORT, Integer.toString(namesrvMetricsPort));
        }
        NameServerConfig namesrvConfig = NameServerConfig.from(RawConfig.of(namesrv));
        return RunUntilStopped.run(() -> StandaloneNode.start(namesrvConfig, nameServer -> broker.load(Map.of(
                "namesrvAddr", nameServer.toString(),
                "storePathRootDir", dataDir.resolve("store").toString()),
                ConsoleConfig::onByDefault, brokerListen)));
    }
}

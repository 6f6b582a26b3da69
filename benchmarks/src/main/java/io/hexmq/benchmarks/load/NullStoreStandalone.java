package io.hexmq.benchmarks.load;

import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.config.RawConfig;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code hexmq standalone} with the {@link NullMessageStore}: the real NameServer and Broker (wiring,
 * handlers, protocol) over a store that writes nothing, for the end-to-end ceiling. Runs until SIGTERM.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.NullStoreStandalone \
 *     --data /tmp/null-data --namesrv-listen 127.0.0.1:39876 --broker-listen 127.0.0.1:40911 [--KEY VALUE ...]
 * </pre>
 * Every other {@code --KEY VALUE} pair is a Broker setting, as {@code -DKEY=VALUE} is for {@code hexmq standalone}.
 */
public final class NullStoreStandalone {

    private NullStoreStandalone() {
    }

    public static void main(String[] args) throws LaunchException, InterruptedException {
        Map<String, String> options = Options.parse(args);
        Path data = Path.of(options.getOrDefault("data", "data"));
        HostPort namesrv = HostPort.parse(options.getOrDefault("namesrv-listen", "127.0.0.1:9876"));
        HostPort broker = HostPort.parse(options.getOrDefault("broker-listen", "127.0.0.1:10911"));
        options.keySet().removeAll(List.of("data", "namesrv-listen", "broker-listen"));
        NameServerConfig namesrvConfig = NameServerConfig.from(RawConfig.of(Map.of(
                "bindAddress", namesrv.host(),
                "listenPort", Integer.toString(namesrv.port()),
                "kvConfigPath", data.resolve("namesrv").resolve("kvConfig.json").toString())));
        StandaloneNode node = StandaloneNode.start(namesrvConfig, nameServer -> {
            Map<String, String> settings = new LinkedHashMap<>(options);
            settings.put("namesrvAddr", nameServer.toString());
            settings.put("storePathRootDir", data.resolve("store").toString());
            settings.put("bindAddress", broker.host());
            settings.put("listenPort", Integer.toString(broker.port()));
            return BrokerConfig.from(RawConfig.of(settings));
        }, NullMessageStore::new);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            node.close();
            stopped.countDown();
        }, "null-store-shutdown"));
        stopped.await();
    }
}

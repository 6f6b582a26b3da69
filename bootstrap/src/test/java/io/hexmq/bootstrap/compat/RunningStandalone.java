package io.hexmq.bootstrap.compat;

import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.FreePorts;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.config.RawConfig;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * hexmq standalone (NameServer + Broker, the broker registering over loopback) started in this JVM
 * through the launcher's own node classes, on ephemeral ports, with its data in a test directory.
 * A restart keeps the ports and the data, as a user restarting the process would. Tests get one from
 * {@link StandaloneExtension}, which also stops it and deletes the data. Public for the compat-4x module,
 * which runs the 4.x client against the same node.
 */
public final class RunningStandalone implements AutoCloseable {

    private final Path dataDir;
    private final Map<String, String> brokerSettings;
    private int nameServerPort;
    private int brokerPort;
    private StandaloneNode node;

    private RunningStandalone(Path dataDir, Map<String, String> brokerSettings) {
        this.dataDir = dataDir;
        this.brokerSettings = brokerSettings;
    }

    public static RunningStandalone start(Path dataDir, String storeType, Map<String, String> brokerSettings)
            throws LaunchException {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("storeType", storeType);
        // Small segments keep the test's disk footprint small; still larger than the largest message.
        settings.put("mappedFileSizeCommitLog", Integer.toString(8 * 1024 * 1024));
        settings.put("mappedFileSizeConsumeQueue", Integer.toString(20 * 10_000));
        // Refusing sends on a full disk is proven by the stores' contract suite; here the build machine's
        // disk (often well over the default 75 % used) must not decide whether a test can send.
        settings.put("diskMaxUsedSpaceRatio", "95");
        settings.putAll(brokerSettings);
        RunningStandalone running = new RunningStandalone(dataDir, settings);
        running.startNodes();
        return running;
    }

    private void startNodes() throws LaunchException {
        NameServerConfig namesrv = NameServerConfig.from(RawConfig.of(Map.of(
                "listenPort", Integer.toString(nameServerPort),
                "kvConfigPath", dataDir.resolve("namesrv/kvConfig.json").toString())));
        node = StandaloneNode.start(namesrv, nameServer -> {
            Map<String, String> raw = new LinkedHashMap<>(brokerSettings);
            raw.put("namesrvAddr", nameServer.toString());
            raw.put("storePathRootDir", dataDir.resolve("store").toString());
            raw.put("listenPort", Integer.toString(brokerPort == 0
                    ? FreePorts.brokerPort(new HostPort("127.0.0.1", 0)).port() : brokerPort));
            return BrokerConfig.from(RawConfig.of(raw));
        });
        nameServerPort = node.nameServer().address().port();
        brokerPort = node.broker().address().port();
    }

    /** Where the node keeps its data: {@code namesrv/} and {@code store/} below it. */
    public Path dataDir() {
        return dataDir;
    }

    public String nameServer() {
        return "127.0.0.1:" + nameServerPort;
    }

    public String broker() {
        return "127.0.0.1:" + brokerPort;
    }

    public String clusterName() {
        return node.broker().config().settings().brokerClusterName().value();
    }

    public String brokerName() {
        return node.broker().config().settings().brokerName().value();
    }

    /** The store the running broker was wired with. */
    public BrokerConfig.StoreType storeType() {
        return node.broker().config().storeType();
    }

    /** Stops both servers gracefully and starts them again on the same ports and data. */
    public void restart() throws LaunchException {
        node.close();
        startNodes();
    }

    @Override
    public void close() {
        node.close();
    }
}

package io.hexmq.bootstrap.admin;

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

/** hexmq standalone (NameServer + file-store broker) in this JVM on ephemeral ports: what the admin CLI talks to. */
final class AdminServer implements AutoCloseable {

    private final StandaloneNode node;

    private AdminServer(StandaloneNode node) {
        this.node = node;
    }

    static AdminServer start(Path dataDir) throws LaunchException {
        NameServerConfig namesrv = NameServerConfig.from(RawConfig.of(Map.of(
                "listenPort", "0",
                "kvConfigPath", dataDir.resolve("namesrv/kvConfig.json").toString())));
        return new AdminServer(StandaloneNode.start(namesrv, nameServer -> {
            Map<String, String> raw = new LinkedHashMap<>();
            raw.put("storeType", "file");
            raw.put("mappedFileSizeCommitLog", Integer.toString(8 * 1024 * 1024));
            raw.put("mappedFileSizeConsumeQueue", Integer.toString(20 * 10_000));
            raw.put("namesrvAddr", nameServer.toString());
            raw.put("storePathRootDir", dataDir.resolve("store").toString());
            raw.put("listenPort", Integer.toString(FreePorts.brokerPort(new HostPort("127.0.0.1", 0)).port()));
            return BrokerConfig.from(RawConfig.of(raw));
        }));
    }

    String nameServer() {
        return "127.0.0.1:" + node.nameServer().address().port();
    }

    String brokerName() {
        return node.broker().config().settings().brokerName().value();
    }

    String clusterName() {
        return node.broker().config().settings().brokerClusterName().value();
    }

    @Override
    public void close() {
        node.close();
    }
}

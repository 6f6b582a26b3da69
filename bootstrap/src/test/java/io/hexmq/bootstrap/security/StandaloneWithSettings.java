package io.hexmq.bootstrap.security;

import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.FreePorts;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.config.RawConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A NameServer and a broker in this JVM on ephemeral ports, both given the same settings (security, metrics: the
 * standalone extension gives settings to the broker only), with small store segments under {@code dataDir}.
 */
public final class StandaloneWithSettings {

    private StandaloneWithSettings() {
    }

    public static StandaloneNode start(Path dataDir, Map<String, String> settings) throws Exception {
        Map<String, String> namesrv = new LinkedHashMap<>(settings);
        namesrv.put("listenPort", "0");
        namesrv.put("kvConfigPath", dataDir.resolve("namesrv/kvConfig.json").toString());
        return StandaloneNode.start(NameServerConfig.from(RawConfig.of(namesrv)), nameServer -> {
            Map<String, String> broker = new LinkedHashMap<>(settings);
            broker.put("namesrvAddr", nameServer.toString());
            broker.put("storePathRootDir", dataDir.resolve("store").toString());
            broker.put("mappedFileSizeCommitLog", Integer.toString(8 * 1024 * 1024));
            broker.put("mappedFileSizeConsumeQueue", Integer.toString(20 * 10_000));
            broker.put("diskMaxUsedSpaceRatio", "95");
            broker.put("listenPort", Integer.toString(FreePorts.brokerPort(new HostPort("127.0.0.1", 0)).port()));
            return BrokerConfig.from(RawConfig.of(broker));
        });
    }

    static String nameServer(StandaloneNode node) {
        return "127.0.0.1:" + node.nameServer().address().port();
    }
}

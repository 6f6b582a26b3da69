package io.hexmq.bootstrap.config;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything a NameServer is told at start, read once from the user's properties with RocketMQ's
 * property names where RocketMQ has one ({@code listenPort}, {@code kvConfigPath},
 * {@code orderMessageEnable}, {@code scanNotActiveBrokerInterval}, ...).
 *
 * @param listen                           where the remoting server binds
 * @param kvConfigPath                     the JSON file that keeps KV config across restarts
 * @param orderMessageEnable               whether routes carry the ORDER_TOPIC_CONFIG entry of a topic
 * @param returnOrderTopicConfigToBroker   whether a registration reply carries that namespace
 * @param scanNotActiveBrokerIntervalMillis how often brokers are checked for liveness
 * @param brokerTimeoutMillis              liveness timeout of a broker that does not state its own
 * @param channelMaxIdleSeconds            idle connections are closed after this long
 * @param maxFrameLength                   larger frames close their connection
 * @param workerThreads                    threads that run request handlers
 * @param authConfigPath                   {@code authConfigPath}: the JSON file of the users it authenticates
 *                                         ({@code auth.json} beside the KV config unless told)
 * @param auth                             ACL 2.0: whether requests must be signed, the first users
 * @param tls                              TLS of the port
 * @param metrics                          the Prometheus endpoint, with the broker's setting names
 */
public record NameServerConfig(
        HostPort listen,
        Path kvConfigPath,
        boolean orderMessageEnable,
        boolean returnOrderTopicConfigToBroker,
        long scanNotActiveBrokerIntervalMillis,
        long brokerTimeoutMillis,
        int channelMaxIdleSeconds,
        int maxFrameLength,
        int workerThreads,
        Path authConfigPath,
        AuthConfig auth,
        TlsConfig tls,
        MetricsConfig metrics) {

    public static final int DEFAULT_PORT = 9876;

    public NameServerConfig {
        require(scanNotActiveBrokerIntervalMillis > 0, "scanNotActiveBrokerInterval must be positive");
        require(brokerTimeoutMillis > 0, "brokerTimeoutMillis must be positive");
        require(channelMaxIdleSeconds > 0, "serverChannelMaxIdleTimeSeconds must be positive");
        require(maxFrameLength >= 1024, "com.rocketmq.remoting.frameMaxLength must be at least 1024");
        require(workerThreads > 0, "serverWorkerThreads must be positive");
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /**
     * The settings only a restart changes, under the property names they are read from; the others
     * ({@code orderMessageEnable}, ...) are reported by whoever holds their live values.
     */
    public Map<String, String> fixedAtStart() {
        Map<String, String> fixed = new LinkedHashMap<>();
        fixed.put("bindAddress", listen.host());
        fixed.put("listenPort", Integer.toString(listen.port()));
        fixed.put("kvConfigPath", kvConfigPath.toString());
        fixed.put("scanNotActiveBrokerInterval", Long.toString(scanNotActiveBrokerIntervalMillis));
        fixed.put("serverChannelMaxIdleTimeSeconds", Integer.toString(channelMaxIdleSeconds));
        fixed.put("com.rocketmq.remoting.frameMaxLength", Integer.toString(maxFrameLength));
        fixed.put("serverWorkerThreads", Integer.toString(workerThreads));
        fixed.put("authConfigPath", authConfigPath.toString());
        fixed.put("authenticationEnabled", Boolean.toString(auth.settings().authenticationEnabled()));
        fixed.put("authorizationEnabled", Boolean.toString(auth.settings().authorizationEnabled()));
        fixed.put("authenticationWhitelist", auth.describeWhitelist());
        fixed.put(MetricsConfig.EXPORTER_TYPE, metrics.exporterType().name());
        fixed.put(MetricsConfig.PROM_HOST, metrics.host());
        fixed.put(MetricsConfig.PROM_PORT, Integer.toString(metrics.port()));
        return fixed;
    }

    public static NameServerConfig from(RawConfig raw) throws LaunchException {
        try {
            HostPort listen = new HostPort(
                    raw.string("bindAddress", "127.0.0.1"), raw.integer("listenPort", DEFAULT_PORT));
            Path kvConfigPath = Path.of(raw.string("kvConfigPath", "data/namesrv/kvConfig.json"));
            return new NameServerConfig(
                    listen,
                    kvConfigPath,
                    raw.bool("orderMessageEnable", false),
                    raw.bool("returnOrderTopicConfigToBroker", true),
                    raw.longValue("scanNotActiveBrokerInterval", 5_000),
                    raw.longValue("brokerTimeoutMillis", 120_000),
                    raw.integer("serverChannelMaxIdleTimeSeconds", 120),
                    raw.integer("com.rocketmq.remoting.frameMaxLength", 16 * 1024 * 1024),
                    raw.integer("serverWorkerThreads", 8),
                    Path.of(raw.string("authConfigPath", kvConfigPath.resolveSibling("auth.json").toString())),
                    AuthConfig.from(raw),
                    TlsConfig.from(raw, System.getProperties()),
                    MetricsConfig.from(raw));
        } catch (IllegalArgumentException e) {
            throw new LaunchException("invalid NameServer setting: " + e.getMessage(), e);
        }
    }
}

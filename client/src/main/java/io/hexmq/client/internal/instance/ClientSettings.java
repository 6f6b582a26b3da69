package io.hexmq.client.internal.instance;

import io.hexmq.remoting.protocol.Credentials;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A client's settings, validated once here.
 *
 * @param nameServers          NameServer addresses, {@code host:port}, at least one
 * @param instanceName         the instance part of the client id, or {@code null} for a generated one
 * @param requestTimeout       timeout of each non-send request
 * @param routeRefreshInterval period of the route refresh
 * @param heartbeatInterval    period of the broker heartbeats
 * @param callbackThreads      threads completing async results
 * @param ioThreads            Netty I/O threads
 * @param credentials          what every request is signed with (ACL), or empty for unsigned requests
 * @param tls                  whether connections speak TLS (trusting any server certificate, as RocketMQ's
 *                             clients do by default)
 */
public record ClientSettings(List<String> nameServers, String instanceName, Duration requestTimeout,
                             Duration routeRefreshInterval, Duration heartbeatInterval, int callbackThreads,
                             int ioThreads, Optional<Credentials> credentials, boolean tls) {

    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(3);
    public static final Duration DEFAULT_ROUTE_REFRESH_INTERVAL = Duration.ofSeconds(30);
    public static final Duration DEFAULT_HEARTBEAT_INTERVAL = Duration.ofSeconds(30);
    public static final int DEFAULT_CALLBACK_THREADS = 2;
    public static final int DEFAULT_IO_THREADS = 1;

    public ClientSettings {
        nameServers = List.copyOf(nameServers);
        Objects.requireNonNull(credentials, "credentials");
        if (nameServers.isEmpty()) {
            throw new IllegalArgumentException("at least one NameServer address is needed");
        }
        for (String address : nameServers) {
            int colon = address.lastIndexOf(':');
            if (colon <= 0 || colon == address.length() - 1) {
                throw new IllegalArgumentException("a NameServer address must be host:port: " + address);
            }
        }
        if (instanceName != null && (instanceName.isBlank() || instanceName.contains("@"))) {
            throw new IllegalArgumentException("instanceName must be non-blank and without '@': " + instanceName);
        }
        SettingChecks.requirePositive("requestTimeout", requestTimeout);
        SettingChecks.requirePositive("routeRefreshInterval", routeRefreshInterval);
        SettingChecks.requirePositive("heartbeatInterval", heartbeatInterval);
        if (callbackThreads < 1) {
            throw new IllegalArgumentException("callbackThreads must be at least 1: " + callbackThreads);
        }
        if (ioThreads < 1) {
            throw new IllegalArgumentException("ioThreads must be at least 1: " + ioThreads);
        }
    }
}

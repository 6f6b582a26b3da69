package io.hexmq.bootstrap.admin;

import io.hexmq.client.HexmqClient;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * Where the NameServers are, how long to wait for answers, and who signs the requests: the options every
 * admin command takes.
 */
final class ConnectionOptions {

    @Option(names = {"-n", "--namesrv"}, paramLabel = "HOST:PORT[;...]",
            defaultValue = "${NAMESRV_ADDR:-127.0.0.1:9876}",
            description = "NameServer address(es), ';'-separated (default: $NAMESRV_ADDR, else 127.0.0.1:9876).")
    String nameServers;

    @Option(names = "--timeout", paramLabel = "MS", defaultValue = "3000",
            description = "Timeout of each request in milliseconds (default 3000).")
    long timeoutMillis;

    @Option(names = "--json", description = "Print JSON instead of a table, for scripts.")
    boolean json;

    @Option(names = "--tls", defaultValue = "${HEXMQ_TLS:-false}", fallbackValue = "true", arity = "0..1",
            description = "Speak TLS to the servers (their tls.server.mode is permissive or enforcing); default:"
                    + " $HEXMQ_TLS, else off.")
    boolean tls;

    @Option(names = "--access-key", paramLabel = "USER", defaultValue = "${HEXMQ_ACCESS_KEY:-}",
            description = "Sign requests as this ACL user (default: $HEXMQ_ACCESS_KEY); needs --secret-key.")
    String accessKey;

    @Option(names = "--secret-key", paramLabel = "PASSWORD", defaultValue = "${HEXMQ_SECRET_KEY:-}",
            description = "The ACL user's password (default: $HEXMQ_SECRET_KEY, which keeps it out of the process"
                    + " list).")
    String secretKey;

    Duration timeout() {
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("--timeout must be at least 1 ms: " + timeoutMillis);
        }
        return Duration.ofMillis(timeoutMillis);
    }

    /** A client for one command: it opens no connection before the first request. */
    HexmqClient client() {
        HexmqClient.Builder builder = HexmqClient.builder()
                .nameServers(nameServers)
                .requestTimeout(timeout())
                .tls(tls);
        boolean hasKey = accessKey != null && !accessKey.isBlank();
        boolean hasSecret = secretKey != null && !secretKey.isEmpty();
        if (hasKey != hasSecret) {
            throw new IllegalArgumentException("--access-key and --secret-key go together");
        }
        return hasKey ? builder.credentials(accessKey, secretKey).build() : builder.build();
    }
}

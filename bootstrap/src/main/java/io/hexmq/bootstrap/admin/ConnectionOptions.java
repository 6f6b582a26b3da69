package io.hexmq.bootstrap.admin;

import io.hexmq.client.HexmqClient;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Where the NameServers are and how long to wait for answers: the options every admin command takes. */
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

    Duration timeout() {
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("--timeout must be at least 1 ms: " + timeoutMillis);
        }
        return Duration.ofMillis(timeoutMillis);
    }

    /** A client for one command: it opens no connection before the first request. */
    HexmqClient client() {
        return HexmqClient.builder()
                .nameServers(nameServers)
                .requestTimeout(timeout())
                .build();
    }
}

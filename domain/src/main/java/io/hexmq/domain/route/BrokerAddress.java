package io.hexmq.domain.route;

import io.hexmq.domain.TextValue;
import java.util.Objects;

/**
 * A {@code host:port} a broker-side server listens on, exactly as the broker announced it (the broker's
 * remoting address, its HA address, a filter server's address). Kept as text: the NameServer never
 * connects to it, it only hands it on to clients, and RocketMQ compares addresses as strings.
 */
public record BrokerAddress(String value) implements TextValue<BrokerAddress> {

    public BrokerAddress {
        Objects.requireNonNull(value, "value");
        int colon = value.lastIndexOf(':');
        if (colon <= 0 || value.isBlank()) {
            throw new InvalidRouteDataException("broker address must be host:port, got '" + value + "'");
        }
        if (!isPort(value, colon + 1)) {
            throw new InvalidRouteDataException("broker address has no valid port: '" + value + "'");
        }
    }

    private static boolean isPort(String text, int from) {
        int length = text.length() - from;
        if (length < 1 || length > 5) {
            return false;
        }
        int port = 0;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
            port = port * 10 + (c - '0');
        }
        return port <= 65_535;
    }

    @Override
    public String toString() {
        return value;
    }
}

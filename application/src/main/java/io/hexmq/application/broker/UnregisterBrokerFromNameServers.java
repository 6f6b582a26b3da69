package io.hexmq.application.broker;

import io.hexmq.domain.broker.port.NameServerGateway;
import java.util.Objects;

/** The broker leaves every NameServer's routes at shutdown (UNREGISTER_BROKER), before it stops serving. */
public final class UnregisterBrokerFromNameServers {

    private final NameServerGateway nameServers;
    private final BrokerSettings settings;

    public UnregisterBrokerFromNameServers(NameServerGateway nameServers, BrokerSettings settings) {
        this.nameServers = Objects.requireNonNull(nameServers, "nameServers");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public void unregister() {
        nameServers.unregister(settings.identity());
    }
}

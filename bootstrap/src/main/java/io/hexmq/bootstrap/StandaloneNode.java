package io.hexmq.bootstrap;

import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.bootstrap.wiring.MessageStoreFactory;

/** A NameServer and a Broker in one process: the broker stops first, so it can unregister. */
public final class StandaloneNode implements AutoCloseable {

    /** Builds the broker's config once the NameServer's address is known (its port may be ephemeral). */
    @FunctionalInterface
    public interface BrokerConfigFor {
        BrokerConfig brokerConfig(HostPort nameServer) throws LaunchException;
    }

    private final NameServerNode nameServer;
    private final BrokerNode broker;

    private StandaloneNode(NameServerNode nameServer, BrokerNode broker) {
        this.nameServer = nameServer;
        this.broker = broker;
    }

    /** Starts a Broker from its config; {@link BrokerNode#start(BrokerConfig)} or one with a supplied store. */
    @FunctionalInterface
    private interface BrokerStart {
        BrokerNode start(BrokerConfig config) throws LaunchException;
    }

    public static StandaloneNode start(NameServerConfig nameServerConfig, BrokerConfigFor brokerConfig)
            throws LaunchException {
        return startWith(nameServerConfig, brokerConfig, BrokerNode::start);
    }

    /** As {@link #start(NameServerConfig, BrokerConfigFor)}, the Broker with the caller's store (benchmarks). */
    public static StandaloneNode start(NameServerConfig nameServerConfig, BrokerConfigFor brokerConfig,
                                       MessageStoreFactory store) throws LaunchException {
        return startWith(nameServerConfig, brokerConfig, config -> BrokerNode.start(config, store));
    }

    private static StandaloneNode startWith(NameServerConfig nameServerConfig, BrokerConfigFor brokerConfig,
                                            BrokerStart brokerStart) throws LaunchException {
        NameServerNode nameServer = NameServerNode.start(nameServerConfig);
        try {
            return new StandaloneNode(nameServer, brokerStart.start(brokerConfig.brokerConfig(nameServer.address())));
        } catch (LaunchException | RuntimeException e) {
            nameServer.close();
            throw e;
        }
    }

    public NameServerNode nameServer() {
        return nameServer;
    }

    public BrokerNode broker() {
        return broker;
    }

    @Override
    public void close() {
        broker.close();
        nameServer.close();
    }
}

package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hexmq.adapters.netty.broker.NettyNameServerGateway;
import io.hexmq.application.broker.NameServerRegistrar;
import io.hexmq.application.broker.RegisterBrokerWithNameServers;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.lifecycle.RoleExecutors;
import io.hexmq.domain.broker.port.NameServerGateway;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestSigner;
import jakarta.inject.Named;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The broker's way out to its NameServers: the outbound client, the gateway, and the registrar that
 * every topic change only marks ({@link RegistrationDemand}) and that the launcher runs on the
 * {@code broker-registration} scheduler, a thread of its own, because one registration may wait
 * {@code registerBrokerTimeoutMills} for the NameServers.
 *
 * <p>Installed by {@link BrokerModule}, which binds the settings and the use cases. The outbound client
 * signs with what {@link AuthModule} gives ({@code innerClientAuthenticationCredentials}) and speaks TLS
 * when {@code tls.enable} says so.
 */
final class NameServerRegistrationModule extends AbstractModule {

    /** The broker's one client to other servers: NameServers for its registration, brokers for the console. */
    static final String OUTBOUND = "broker-outbound";

    private final BrokerConfig config;

    NameServerRegistrationModule(BrokerConfig config) {
        this.config = config;
    }

    @Provides
    @Singleton
    @Named(OUTBOUND)
    NettyRemotingClient nameServerClient(RequestSigner signer) {
        // its I/O threads run its callbacks: RocketMQ sizes its client's callback executor by this setting
        return new NettyRemotingClient(NettyClientSettings.defaults().withTls(config.tls().client())
                .withIoThreads(config.clientCallbackExecutorThreads()), RequestDispatcher.empty(), signer);
    }

    @Provides
    @Singleton
    @Named(ReplicationModule.LOCAL)
    NameServerGateway nettyNameServerGateway(@Named(OUTBOUND) NettyRemotingClient client) {
        return new NettyNameServerGateway(client, config.nameServers(), config.registration().requestTimeout(),
                NettyNameServerGateway.DEFAULT_HEARTBEAT_TIMEOUT, config.registration().encoding());
    }

    /** As this broker registers itself; a replica of a group registers under its role's id instead. */
    @Provides
    @Singleton
    NameServerGateway nameServerGateway(@Named(ReplicationModule.LOCAL) NameServerGateway nameServers) {
        return nameServers;
    }

    @Provides
    @Singleton
    NameServerRegistrar registrar(RegisterBrokerWithNameServers registration, Clock clock) {
        return new NameServerRegistrar(registration, clock, config.settings().registerNameServerPeriod(),
                config.registration().coalesce());
    }

    @Provides
    RegistrationDemand registrationDemand(NameServerRegistrar registrar) {
        return registrar;
    }

    @Provides
    @Singleton
    @Named("broker-registration")
    ScheduledExecutorService registrationScheduler(RoleExecutors executors) {
        return executors.scheduled("broker-registration");
    }
}

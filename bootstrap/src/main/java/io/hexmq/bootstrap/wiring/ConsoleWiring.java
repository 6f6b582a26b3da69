package io.hexmq.bootstrap.wiring;

import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.name.Names;
import io.hexmq.adapters.console.ConsoleAccess;
import io.hexmq.adapters.console.ConsoleBroker;
import io.hexmq.adapters.console.ConsolePages;
import io.hexmq.adapters.console.ConsoleServer;
import io.hexmq.adapters.console.ConsoleUseCases;
import io.hexmq.adapters.netty.broker.NettyClusterDirectory;
import io.hexmq.application.auth.AuthenticatePlainAccount;
import io.hexmq.application.auth.AuthenticateRequest;
import io.hexmq.application.auth.AuthorizePlainRequest;
import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.GetClusterOverview;
import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.application.consumer.GetConsumerConnections;
import io.hexmq.application.consumer.GetSubscriptionGroups;
import io.hexmq.application.consumer.GetTopicsConsumedByGroup;
import io.hexmq.application.consumer.ResetGroupOffsets;
import io.hexmq.application.message.QueryConsumeQueue;
import io.hexmq.application.message.QueryMessages;
import io.hexmq.application.message.SearchOffsetByTimestamp;
import io.hexmq.application.message.ViewMessage;
import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.application.topic.DeleteTopic;
import io.hexmq.application.topic.GetAllTopicConfigs;
import io.hexmq.application.topic.GetTopicStats;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.ProtocolVersion;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/** The web console ({@code consoleEnable}) over the broker's own use cases, the ones its admin handlers use. */
public final class ConsoleWiring {

    private ConsoleWiring() {
    }

    /** @param role the broker's role in its group now (a broker alone always leads) */
    public static ConsoleServer server(Injector injector, BrokerConfig config, Supplier<GroupRole> role) {
        ConsoleUseCases useCases = new ConsoleUseCases(
                injector.getInstance(GetBrokerRuntimeInfo.class),
                injector.getInstance(BrokerStatistics.class),
                injector.getInstance(GetAllTopicConfigs.class),
                injector.getInstance(GetTopicStats.class),
                injector.getInstance(CreateOrUpdateTopic.class),
                injector.getInstance(DeleteTopic.class),
                injector.getInstance(GetSubscriptionGroups.class),
                injector.getInstance(GetTopicsConsumedByGroup.class),
                injector.getInstance(GetConsumeStats.class),
                injector.getInstance(GetConsumerConnections.class),
                injector.getInstance(ResetGroupOffsets.class),
                injector.getInstance(QueryMessages.class),
                injector.getInstance(ViewMessage.class),
                injector.getInstance(SearchOffsetByTimestamp.class),
                injector.getInstance(QueryConsumeQueue.class),
                new GetClusterOverview(clusterDirectory(injector, config)));
        boolean replicated = config.replication().isPresent();
        ConsoleBroker broker = new ConsoleBroker(config.settings().brokerClusterName().value(),
                config.settings().brokerName().value(), config.settings().brokerAddress().value(),
                ProtocolVersion.CURRENT_NAME + " (hexmq)", config.storeType().name().toLowerCase(Locale.ROOT),
                () -> describe(role.get(), replicated), ZoneId.systemDefault(),
                config.trace().msgTraceTopicName().value());
        return new ConsoleServer(config.console().host(), config.console().port(),
                new ConsolePages(broker, useCases, injector.getInstance(Clock.class)), access(injector, config));
    }

    /**
     * The cluster view asks the NameServers and brokers over the client the broker registers with, so its requests
     * are signed with {@code innerClientAuthenticationCredentials} and use TLS exactly as the registrations do.
     */
    private static NettyClusterDirectory clusterDirectory(Injector injector, BrokerConfig config) {
        NettyRemotingClient outbound = injector.getInstance(Key.get(NettyRemotingClient.class,
                Names.named(NameServerRegistrationModule.OUTBOUND)));
        return new NettyClusterDirectory(outbound, config.nameServers(), NettyClusterDirectory.DEFAULT_TIMEOUT);
    }

    /**
     * Sign-in with ACL 1.0's accounts when {@code aclEnable} is on; with the broker's ACL 2.0 users when
     * authentication is on, policies checked when authorization is ({@code ConsoleConfig} refuses the two together).
     */
    private static ConsoleAccess access(Injector injector, BrokerConfig config) {
        if (config.plainAcl().enabled()) {
            return ConsoleAccess.plainAcl(injector.getInstance(AuthenticatePlainAccount.class),
                    injector.getInstance(AuthorizePlainRequest.class));
        }
        if (!config.auth().settings().authenticationEnabled()) {
            return ConsoleAccess.open();
        }
        return ConsoleAccess.signIn(injector.getInstance(AuthenticateRequest.class),
                config.auth().settings().authorizationEnabled()
                        ? Optional.of(injector.getInstance(AuthorizeRequest.class)) : Optional.empty());
    }

    private static String describe(GroupRole role, boolean replicated) {
        if (!replicated) {
            return "master";
        }
        return switch (role.kind()) {
            case LEADER -> "master, leader of its group (term " + role.term() + ")";
            case FOLLOWER -> "slave, follower of " + role.leader().map(ReplicaId::value).orElse("an unknown leader")
                    + " (term " + role.term() + ")";
            case CANDIDATE -> "slave, electing a leader (term " + role.term() + ")";
        };
    }
}

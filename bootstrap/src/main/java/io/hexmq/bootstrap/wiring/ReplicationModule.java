package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.netty.broker.TransferGroupLeadershipHandler;
import io.hexmq.adapters.ratis.GroupPeer;
import io.hexmq.adapters.ratis.GroupSettings;
import io.hexmq.adapters.ratis.RatisGroupLog;
import io.hexmq.application.replication.ApplyGroupWrites;
import io.hexmq.application.replication.LocalStores;
import io.hexmq.application.replication.ReplicaRoles;
import io.hexmq.application.replication.ReplicatedMessageStore;
import io.hexmq.application.replication.ReplicatedStateStores;
import io.hexmq.application.replication.RoleAwareNameServerGateway;
import io.hexmq.application.replication.TransferGroupLeadership;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.port.AuthStore;
import io.hexmq.domain.broker.port.NameServerGateway;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.port.DelayProgressStore;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.TimerProgressStore;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.pop.port.PopStateStore;
import io.hexmq.domain.pop.port.RequestModeStore;
import io.hexmq.domain.replication.port.ApplyLedger;
import io.hexmq.domain.replication.port.GroupLog;
import io.hexmq.domain.replication.port.StoreFiles;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.port.TopicConfigStore;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;
import io.hexmq.remoting.protocol.HexmqRequestCodes;
import jakarta.inject.Named;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One replica of a replicated broker group: the group's log on Apache Ratis, the message store and state
 * stores decorated so that writes go through it, the applier that writes committed entries to this replica's
 * own stores, and the NameServer registration under the replica's role. Installed over the broker's modules
 * (it overrides their store, state store and gateway bindings) only when {@code enableDLegerCommitLog} is
 * true; a broker on its own has none of it.
 */
public final class ReplicationModule extends AbstractModule {

    /** Names the binding of what a replicated broker decorates: the store or gateway of a broker on its own. */
    public static final String LOCAL = "local";

    private static final Logger LOG = LoggerFactory.getLogger(ReplicationModule.class);

    private final GroupSettings group;
    private final BrokerState state;
    private final ApplyLedger ledger;

    /** @param ledger opened by the launcher, as it opens the state files */
    public ReplicationModule(GroupSettings group, BrokerState state, ApplyLedger ledger) {
        this.group = group;
        this.state = state;
        this.ledger = ledger;
    }

    @Provides
    @Singleton
    GroupLog groupLog() {
        return new RatisGroupLog(group);
    }

    /** Followers register as slaves 1, 2, ... in the order of {@code dLegerPeers}, never as 0. */
    @Provides
    @Singleton
    ReplicaRoles roles() {
        List<GroupPeer> peers = group.peers();
        return new ReplicaRoles(new BrokerId(peers.indexOf(group.selfPeer()) + 1L));
    }

    @Provides
    @Singleton
    LocalStores localStores(@Named(LOCAL) MessageStore local, @Named(LOCAL) PopStateStore popState,
            @Named(LOCAL) RequestModeStore requestModes, @Named(LOCAL) AuthStore auth) {
        return new LocalStores(local, state.topicStore(), state.subscriptionGroupStore(), state.offsetStore(),
                state.delayProgressStore(), state.timerProgressStore(), state.transactionProgressStore(), popState,
                requestModes, auth);
    }

    /** A role change re-registers at once, so the NameServers list the new master without waiting 30 s. */
    @Provides
    @Singleton
    ApplyGroupWrites applier(LocalStores local, ReplicaRoles roles, RegistrationDemand registration,
            PopCheckpoints popCheckpoints, RequestModes requestModes, AuthDirectory auth, StoreFiles files) {
        return new ApplyGroupWrites(local, state.aggregates(popCheckpoints, requestModes, auth), ledger,
                files, role -> {
                    roles.changeTo(role);
                    registration.brokerChanged();
                    LOG.info("Replica {} of group {} is now {} at term {}{}", group.self(), group.group(),
                            role.kind(), role.term(),
                            role.leader().map(leader -> " (leader " + leader + ")").orElse(""));
                });
    }

    @Provides
    @Singleton
    MessageStore messageStore(@Named(LOCAL) MessageStore local, GroupLog log, Clock clock, HostAddress storeHost) {
        return new ReplicatedMessageStore(local, log, clock, storeHost);
    }

    @Provides
    @Singleton
    ReplicatedStateStores stateStores(LocalStores local, GroupLog log) {
        return new ReplicatedStateStores(local, log);
    }

    @Provides
    @Singleton
    TopicConfigStore topicStore(ReplicatedStateStores stores) {
        return stores.topics();
    }

    @Provides
    @Singleton
    SubscriptionGroupStore subscriptionGroupStore(ReplicatedStateStores stores) {
        return stores.subscriptionGroups();
    }

    @Provides
    @Singleton
    ConsumerOffsetStore offsetStore(ReplicatedStateStores stores) {
        return stores.consumerOffsets();
    }

    @Provides
    @Singleton
    DelayProgressStore delayProgressStore(ReplicatedStateStores stores) {
        return stores.delayProgress();
    }

    @Provides
    @Singleton
    TimerProgressStore timerProgressStore(ReplicatedStateStores stores) {
        return stores.timerProgress();
    }

    @Provides
    @Singleton
    TransactionCheckProgressStore transactionProgressStore(ReplicatedStateStores stores) {
        return stores.transactionProgress();
    }

    @Provides
    @Singleton
    PopStateStore popStateStore(ReplicatedStateStores stores) {
        return stores.popState();
    }

    @Provides
    @Singleton
    RequestModeStore requestModeStore(ReplicatedStateStores stores) {
        return stores.requestModes();
    }

    @Provides
    @Singleton
    AuthStore authStore(ReplicatedStateStores stores) {
        return stores.auth();
    }

    @Provides
    @Singleton
    NameServerGateway nameServerGateway(@Named(LOCAL) NameServerGateway nameServers, ReplicaRoles roles) {
        return new RoleAwareNameServerGateway(nameServers, roles);
    }

    /** Only a replica knows the code; a broker on its own answers it REQUEST_CODE_NOT_SUPPORTED. */
    @ProvidesIntoSet
    HandlerBinding transferLeadership(GroupLog log) {
        return HandlerBinding.onAdminThreads(HexmqRequestCodes.TRANSFER_GROUP_LEADERSHIP,
                new TransferGroupLeadershipHandler(new TransferGroupLeadership(log)));
    }
}

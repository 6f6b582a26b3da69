package io.hexmq.application.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.fakes.RecordingNameServerGateway;
import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.DataVersion;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RoleAwareNameServerGatewayTest {

    private static final BrokerIdentity CONFIGURED = new BrokerIdentity(new ClusterName("DefaultCluster"),
            new BrokerName("broker-a"), BrokerId.MASTER, new BrokerAddress("127.0.0.1:10911"),
            new BrokerAddress("127.0.0.1:10912"));

    private final RecordingNameServerGateway nameServers = new RecordingNameServerGateway();
    private final ReplicaRoles roles = new ReplicaRoles(new BrokerId(2));
    private final RoleAwareNameServerGateway gateway = new RoleAwareNameServerGateway(nameServers, roles);

    @Test
    void registersAsSlave_untilTheGroupSaysThisReplicaLeads() {
        gateway.register(registration());

        assertThat(nameServers.lastRegistration().broker().brokerId()).isEqualTo(new BrokerId(2));
        assertThat(roles.leads()).isFalse();
    }

    @Test
    void registersAsMaster_whileLeading_andAsSlaveAgainOnceFollowing() {
        roles.changeTo(new GroupRole(GroupRole.Kind.LEADER, 3, Optional.of(new ReplicaId("n1"))));
        gateway.register(registration());
        BrokerId leading = nameServers.lastRegistration().broker().brokerId();
        roles.changeTo(new GroupRole(GroupRole.Kind.FOLLOWER, 4, Optional.of(new ReplicaId("n0"))));
        gateway.register(registration());

        assertThat(leading).isEqualTo(BrokerId.MASTER);
        assertThat(nameServers.lastRegistration().broker().brokerId()).isEqualTo(new BrokerId(2));
        assertThat(nameServers.lastRegistration().broker().brokerAddress()).isEqualTo(CONFIGURED.brokerAddress());
    }

    @Test
    void unregistersUnderTheCurrentRolesId() {
        gateway.unregister(CONFIGURED);

        assertThat(nameServers.unregistrations()).extracting(BrokerIdentity::brokerId).containsExactly(new BrokerId(2));
    }

    @Test
    void refusesMasterAsASlaveId() {
        assertThatThrownBy(() -> new ReplicaRoles(BrokerId.MASTER)).isInstanceOf(IllegalArgumentException.class);
    }

    private static NameServerRegistration registration() {
        return new NameServerRegistration(CONFIGURED, new DataVersion(1, 1, 0), List.of());
    }
}

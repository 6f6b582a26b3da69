package io.hexmq.application.replication;

import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.broker.port.NameServerGateway;
import java.util.Objects;

/**
 * The NameServers as a replica of a broker group meets them: every registration carries the brokerId of the
 * replica's role at the time it is sent (0 leading, its slave id following), so the official clients' routes
 * show the group's master and slaves as they are.
 */
public final class RoleAwareNameServerGateway implements NameServerGateway {

    private final NameServerGateway nameServers;
    private final ReplicaRoles roles;

    public RoleAwareNameServerGateway(NameServerGateway nameServers, ReplicaRoles roles) {
        this.nameServers = Objects.requireNonNull(nameServers, "nameServers");
        this.roles = Objects.requireNonNull(roles, "roles");
    }

    @Override
    public RegistrationOutcome register(NameServerRegistration registration) {
        return nameServers.register(new NameServerRegistration(withRole(registration.broker()),
                registration.dataVersion(), registration.topicConfigs()));
    }

    @Override
    public void unregister(BrokerIdentity broker) {
        nameServers.unregister(withRole(broker));
    }

    private BrokerIdentity withRole(BrokerIdentity broker) {
        return new BrokerIdentity(broker.cluster(), broker.brokerName(), roles.brokerId(), broker.brokerAddress(),
                broker.haServerAddress());
    }
}

package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.connection.ConnectionId;
import org.junit.jupiter.api.Test;

class ProducerGroupsTest {

    private static final GroupName PG = new GroupName("PG");
    private static final ConnectionId C1 = new ConnectionId("c1");

    private final ProducerGroups producers = new ProducerGroups();

    private static ClientConnection member(ConnectionId connection, String clientId, long at) {
        return new ClientConnection(connection, new ClientId(clientId), "JAVA", 401, at);
    }

    @Test
    void remembersMembers_andFindsAProducerByClientId() {
        assertThat(producers.register(PG, member(C1, "ip@1", 0))).isTrue();
        assertThat(producers.register(PG, member(C1, "ip@1", 30_000))).isFalse();

        assertThat(producers.members(PG)).extracting(ClientConnection::lastHeartbeatMillis).containsExactly(30_000L);
        assertThat(producers.findByClientId(new ClientId("ip@1"))).hasValueSatisfying(
                found -> assertThat(found.connection()).isEqualTo(C1));
        assertThat(producers.findByClientId(new ClientId("ip@2"))).isEmpty();
    }

    @Test
    void forgetsAMember_onUnregisterCloseOrSilence() {
        ConnectionId c2 = new ConnectionId("c2");
        ConnectionId c3 = new ConnectionId("c3");
        producers.register(PG, member(C1, "ip@1", 0));
        producers.register(PG, member(c2, "ip@2", 0));
        producers.register(PG, member(c3, "ip@3", 100_000));

        assertThat(producers.unregister(PG, C1)).isTrue();
        assertThat(producers.removeConnection(c2)).hasSize(1);
        assertThat(producers.expire(220_001, 120_000)).extracting(ClientConnection::connection).containsExactly(c3);
        assertThat(producers.members(PG)).isEmpty();
    }
}

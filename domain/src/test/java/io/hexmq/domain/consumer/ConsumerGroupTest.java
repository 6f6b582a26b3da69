package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.connection.ConnectionId;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsumerGroupTest {

    private static final GroupName GROUP = new GroupName("CG");

    private final ConsumerGroups groups = new ConsumerGroups();

    private void join(String connection, String clientId) {
        groups.register(new ConsumerRegistration(GROUP,
                new ClientConnection(new ConnectionId(connection), new ClientId(clientId), "JAVA", 401, 0),
                ConsumeType.CONSUME_PASSIVELY, MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                List.of()));
    }

    @Test
    void findsAMembersConnection_byTheClientIdItHeartbeatsWith() {
        join("c1", "10.0.0.5@1");
        join("c2", "10.0.0.6@1");

        ConsumerGroup group = groups.find(GROUP).orElseThrow();

        assertThat(group.connectionOf(new ClientId("10.0.0.6@1"))).contains(new ConnectionId("c2"));
        assertThat(group.connectionOf(new ClientId("10.0.0.7@1"))).isEmpty();
    }

    @Test
    void prefersTheFirstConnection_whenOneClientHeartbeatsOverTwo() {
        join("main", "10.0.0.5@1");
        join("vip", "10.0.0.5@1");

        assertThat(groups.find(GROUP).orElseThrow().connectionOf(new ClientId("10.0.0.5@1")))
                .contains(new ConnectionId("main"));
    }
}

package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.InMemoryGroupLog;
import io.hexmq.application.replication.TransferGroupLeadership;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.remoting.header.TransferLeadershipHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.HexmqRequestCodes;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** TRANSFER_GROUP_LEADERSHIP (hexmq's own 900001): hand the group's leadership to the replica the header names. */
class TransferGroupLeadershipHandlerTest {

    private final InMemoryGroupLog log = new InMemoryGroupLog();
    private final TransferGroupLeadershipHandler handler =
            new TransferGroupLeadershipHandler(new TransferGroupLeadership(log));

    private static RemotingCommand transferTo(String replica) {
        return RemotingCommand.request(HexmqRequestCodes.TRANSFER_GROUP_LEADERSHIP)
                .extField(TransferLeadershipHeader.TO_REPLICA, replica).build().withOpaque(5);
    }

    @Test
    void answersSuccess_onceTheNamedReplicaLeads() {
        RemotingCommand response = handler.handle(transferTo("n2"), TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(5);
        assertThat(log.status().role().leader()).contains(new ReplicaId("n2"));
    }

    @Test
    void failsWithTheGroupsReason_whenTheGroupRefuses() {
        CompletableFuture<RemotingCommand> answered = handler.handle(transferTo("n0"), TestPeer.client().context());

        assertThat(answered).failsWithin(Duration.ZERO).withThrowableThat()
                .withMessageContaining("n0 leads already");
    }

    @Test
    void refusesABlankReplica_withSystemError() {
        RemotingCommand response = handler.handle(transferTo(" "), TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("toReplica must name a replica");
    }
}

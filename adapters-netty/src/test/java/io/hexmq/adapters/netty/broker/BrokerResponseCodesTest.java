package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.ResponseCodes;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class BrokerResponseCodesTest {

    private final ResponseCodes codes = BrokerResponseCodes.create();

    @Test
    void answersAWriteOnAReplicaThatDoesNotLead_asASlaveDoes_namingTheLeader() {
        NotLeaderException notLeader = new NotLeaderException("n0 does not lead group RaftNode00; n1 does",
                Optional.of(new ReplicaId("n1")));

        ResponseCodes.ErrorReply reply = codes.map(new CompletionException(notLeader));

        assertThat(reply.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
        assertThat(reply.remark()).contains("n1 does");
        assertThat(codes.isExpected(notLeader)).isTrue();
    }
}

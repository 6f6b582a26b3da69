package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Reply;
import io.hexmq.domain.message.ReplyOutcome;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import org.junit.jupiter.api.Test;

class NettyReplyPusherTest {

    private final ClientChannels channels = new ClientChannels();
    private final TestPeer requester = new TestPeer("requester", 41_000).answeringWith(ResponseCode.SUCCESS);
    private final NettyReplyPusher pusher = new NettyReplyPusher(channels);

    private static Reply reply() {
        return new Reply("PG", "DefaultCluster_REPLY_TOPIC", "TBW102", 4, 0, 0, 1L, 0, "", 0, false,
                HostAddress.of(new byte[] {127, 0, 0, 1}, 40_000), HostAddress.of(new byte[] {10, 0, 0, 1}, 10911),
                2L, new byte[] {1});
    }

    @Test
    void deliversTheReply_whenTheClientAnswersSuccess() {
        channels.remember(requester);

        assertThat(pusher.push(requester.connectionId(), reply()).join()).isEqualTo(ReplyOutcome.DELIVERED);
    }

    @Test
    void reportsTheConnectionGone_whenItIsUnknownOrClosed() {
        assertThat(pusher.push(new ConnectionId("unknown"), reply()).join()).isEqualTo(ReplyOutcome.CONNECTION_GONE);

        channels.remember(requester);
        requester.close();
        assertThat(pusher.push(requester.connectionId(), reply()).join()).isEqualTo(ReplyOutcome.CONNECTION_GONE);
        assertThat(requester.calls()).isEmpty();
    }

    @Test
    void reportsFailure_whenTheClientRefusesOrDoesNotAnswerInTime() {
        channels.remember(requester);

        requester.answeringWith(ResponseCode.SYSTEM_ERROR);
        assertThat(pusher.push(requester.connectionId(), reply()).join()).isEqualTo(ReplyOutcome.FAILED);
        requester.timingOut();
        assertThat(pusher.push(requester.connectionId(), reply()).join()).isEqualTo(ReplyOutcome.FAILED);
    }
}

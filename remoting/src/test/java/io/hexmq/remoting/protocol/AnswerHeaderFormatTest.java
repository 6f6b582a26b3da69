package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;

/**
 * A server answers in the header format its request came in, as the official client reads it: a
 * client set to the compact ROCKETMQ header ({@code serializeTypeCurrentRPC}) gets it back.
 */
class AnswerHeaderFormatTest {

    private static final int ECHO = 9001;

    private final EmbeddedChannel channel = new EmbeddedChannel(
            new RemotingCommandDecoder(FrameLayout.DEFAULT_MAX_FRAME_LENGTH),
            new RemotingCommandEncoder(),
            new CommandInboundHandler(RequestDispatcher.builder()
                    .register(ECHO, RequestHandler.answering((request, context) ->
                            RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                                    .extField("echo", request.extFields().get("say"))
                                    .remark("answered")
                                    .build()), Runnable::run)
                    .build(), new PendingResponses()));

    @Test
    void answersABinaryHeaderRequest_withABinaryHeader() throws Exception {
        var answer = exchange(SerializeType.ROCKETMQ);

        assertThat(answer.getSerializeTypeCurrentRPC()).isEqualTo(SerializeType.ROCKETMQ);
        assertThat(answer.isResponseType()).isTrue();
        assertThat(answer.getOpaque()).isEqualTo(77);
        assertThat(answer.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.getRemark()).isEqualTo("answered");
        assertThat(answer.getExtFields()).isEqualTo(Map.of("echo", "héllo"));
    }

    @Test
    void answersAJsonHeaderRequest_withAJsonHeader() throws Exception {
        var answer = exchange(SerializeType.JSON);

        assertThat(answer.getSerializeTypeCurrentRPC()).isEqualTo(SerializeType.JSON);
        assertThat(answer.getOpaque()).isEqualTo(77);
        assertThat(answer.getExtFields()).isEqualTo(Map.of("echo", "héllo"));
    }

    @Test
    void writesItsOwnRequests_withAJsonHeader_afterAnsweringABinaryOne() throws Exception {
        exchange(SerializeType.ROCKETMQ);

        channel.writeOutbound(RemotingCommand.request(RequestCode.HEART_BEAT).build());

        assertThat(officialDecode(channel.readOutbound()).getSerializeTypeCurrentRPC()).isEqualTo(SerializeType.JSON);
    }

    private org.apache.rocketmq.remoting.protocol.RemotingCommand exchange(SerializeType type) throws Exception {
        RemotingCommand request = RemotingCommand.request(ECHO).extField("say", "héllo").build().withOpaque(77);
        byte[] frame = OfficialPeer.officialFrame(OfficialPeer.official(request, type));

        channel.writeInbound(Unpooled.wrappedBuffer(frame));

        return officialDecode(channel.readOutbound());
    }

    private static org.apache.rocketmq.remoting.protocol.RemotingCommand officialDecode(ByteBuf frame)
            throws Exception {
        try {
            return OfficialPeer.officialDecode(ByteBufUtil.getBytes(frame));
        } finally {
            frame.release();
        }
    }
}

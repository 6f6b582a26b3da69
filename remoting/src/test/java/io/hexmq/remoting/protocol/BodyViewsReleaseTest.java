package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An answer whose body is direct views (as a pull answer's is) through a whole remoting pipeline,
 * decoder, encoder and command handler, in every way its write can end; Netty's leak detector, at
 * PARANOID, fails a test that leaves any buffer unreleased.
 */
class BodyViewsReleaseTest {

    @RegisterExtension
    static final LeakDetection LEAKS = new LeakDetection();

    private static final int VIEWS_CODE = 9_001;
    private static final String BODY = "first record|second record";

    private CompletableFuture<RemotingCommand> answer = new CompletableFuture<>();
    private RemotingCommand request;
    private final EmbeddedChannel channel = new EmbeddedChannel(
            new RemotingCommandDecoder(FrameLayout.DEFAULT_MAX_FRAME_LENGTH),
            new RemotingCommandEncoder(),
            new CommandInboundHandler(RequestDispatcher.builder()
                    .register(VIEWS_CODE, (received, context) -> {
                        request = received;
                        return answer;
                    }, Runnable::run)
                    .build(), new PendingResponses()));

    private static List<ByteBuffer> views() {
        byte[] bytes = BODY.getBytes(StandardCharsets.UTF_8);
        ByteBuffer segment = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        return List.of(segment.slice(0, 13).asReadOnlyBuffer(), segment.slice(13, bytes.length - 13).asReadOnlyBuffer());
    }

    private void receive(RemotingCommand command) {
        ByteBuf frame = Unpooled.buffer();
        FrameCodec.encode(command, SerializeType.JSON, frame);
        channel.writeInbound(frame);
    }

    private void answerWithViews(String remark) {
        answer.complete(RemotingCommand.responseTo(request, ResponseCode.SUCCESS).remark(remark)
                .bodyViews(views()).build());
    }

    @Test
    void releasesTheFrame_onceItIsWritten() {
        receive(RemotingCommand.request(VIEWS_CODE).build().withOpaque(5));
        answerWithViews(null);

        ByteBuf written = channel.readOutbound();
        byte[] frame = new byte[written.readableBytes()];
        written.readBytes(frame);
        written.release();
        RemotingCommand response = OfficialPeer.hexmqDecode(frame);
        assertThat(response.opaque()).isEqualTo(5);
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(BODY);
    }

    @Test
    void releasesTheFrame_whenTheTransportFailsTheWrite() {
        channel.pipeline().addFirst("brokenSocket", new ChannelOutboundHandlerAdapter() {
            @Override
            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                // What the transport does when a socket write fails: release the message, fail its promise.
                ReferenceCountUtil.release(msg);
                promise.setFailure(new IOException("Broken pipe"));
            }
        });
        receive(RemotingCommand.request(VIEWS_CODE).build().withOpaque(6));

        answerWithViews(null);

        assertThat((Object) channel.readOutbound()).isNull();
    }

    @Test
    void writesNothing_whenTheRequestWasOneway() {
        receive(RemotingCommand.request(VIEWS_CODE).oneway().build().withOpaque(7));

        answerWithViews(null);

        assertThat((Object) channel.readOutbound()).isNull();
    }

    @Test
    void dropsTheAnswer_whenTheChannelClosedBeforeItCame() {
        receive(RemotingCommand.request(VIEWS_CODE).build().withOpaque(8));
        channel.close();

        answerWithViews(null);

        assertThat((Object) channel.readOutbound()).isNull();
    }

    @Test
    void failsTheWrite_whenTheAnswerCannotBeEncoded() {
        receive(RemotingCommand.request(VIEWS_CODE).build().withOpaque(9));

        answerWithViews("x".repeat(FrameLayout.MAX_HEADER_LENGTH + 1));

        assertThat((Object) channel.readOutbound()).isNull();
        assertThat(channel.isOpen()).isTrue();
    }
}

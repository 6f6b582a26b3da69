package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.EncoderException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RemotingCommandEncoderTest {

    @RegisterExtension
    static final LeakDetection LEAKS = new LeakDetection();

    private final EmbeddedChannel channel = new EmbeddedChannel(new RemotingCommandEncoder());

    private static ByteBuffer direct(String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    }

    private static ByteBuffer heap(String content) {
        return ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer();
    }

    private static RemotingCommand.Builder pullAnswer() {
        return RemotingCommand.responseTo(SampleCommands.sendMessageRequest(), ResponseCode.SUCCESS)
                .extField("nextBeginOffset", 2);
    }

    private byte[] encoded(RemotingCommand command) {
        channel.writeOutbound(command);
        ByteBuf frame = channel.readOutbound();
        try {
            return ByteBufUtil.getBytes(frame);
        } finally {
            frame.release();
        }
    }

    @Test
    void writesABodyOfViews_asTheFrameOfTheSameBodyAsAnArray() {
        RemotingCommand asArray = pullAnswer().body("first|second".getBytes(StandardCharsets.UTF_8)).build();

        byte[] fromDirectViews = encoded(pullAnswer().bodyViews(List.of(direct("first|"), direct("second"))).build());
        byte[] fromHeapViews = encoded(pullAnswer().bodyViews(List.of(heap("first|"), heap("second"))).build());

        assertThat(fromDirectViews).isEqualTo(encoded(asArray)).isEqualTo(OfficialPeer.hexmqFrame(asArray,
                SerializeType.JSON));
        assertThat(fromHeapViews).isEqualTo(encoded(asArray));
        assertThat(OfficialPeer.hexmqDecode(fromDirectViews).body()).isEqualTo(asArray.body());
        RemotingCommand asViews = pullAnswer().bodyViews(List.of(heap("first|"), direct("second"))).build();
        assertThat(asViews.bodyLength()).isEqualTo(12);
        assertThat(asViews.body()).as("a copy, for tests and tools").isEqualTo(asArray.body());
        assertThat(asViews).isEqualTo(asArray);
    }

    @Test
    void sendsDirectViewsThemselves_afterAPooledHead_notACopy() {
        ByteBuffer first = direct("aaaa");
        ByteBuffer second = direct("bbbb");

        channel.writeOutbound(pullAnswer().bodyViews(List.of(first, second.asReadOnlyBuffer())).build());
        ByteBuf frame = channel.readOutbound();
        try {
            assertThat(frame).isInstanceOf(CompositeByteBuf.class);
            assertThat(((CompositeByteBuf) frame).numComponents()).isEqualTo(3);
            assertThat(frame.isDirect()).as("a direct frame, which the transport writes as it is").isTrue();
            second.put(0, (byte) 'B');
            byte[] bytes = ByteBufUtil.getBytes(frame);
            assertThat(new String(bytes, bytes.length - 8, 8, StandardCharsets.UTF_8))
                    .as("the frame reads the views' memory, so a change after encoding shows").isEqualTo("aaaaBbbb");
        } finally {
            frame.release();
        }
    }

    @Test
    void copiesHeapViews_intoOneBuffer_asTheTransportWouldCopyThemAnyway() {
        channel.writeOutbound(pullAnswer().bodyViews(List.of(heap("aaaa"), heap("bbbb"))).build());
        ByteBuf frame = channel.readOutbound();
        try {
            assertThat(frame).isNotInstanceOf(CompositeByteBuf.class);
        } finally {
            frame.release();
        }
    }

    @Test
    void leavesTheViewsPositionsAndLimits_asTheyWere() {
        ByteBuffer directView = direct("--direct--").position(2).limit(8);
        ByteBuffer heapView = heap("--heap--").position(2);

        byte[] direct = encoded(pullAnswer().bodyViews(List.of(directView)).build());
        byte[] copied = encoded(pullAnswer().bodyViews(List.of(heapView)).build());

        assertThat(directView.position()).isEqualTo(2);
        assertThat(directView.limit()).isEqualTo(8);
        assertThat(heapView.position()).isEqualTo(2);
        assertThat(new String(direct, direct.length - 6, 6, StandardCharsets.UTF_8)).isEqualTo("direct");
        assertThat(new String(copied, copied.length - 6, 6, StandardCharsets.UTF_8)).isEqualTo("heap--");
    }

    @Test
    void failsTheWrite_andReleasesWhatItAllocated_whenTheHeaderIsOverTheLimit() {
        String remark = "x".repeat(FrameLayout.MAX_HEADER_LENGTH + 1);

        for (ByteBuffer view : List.of(direct("body"), heap("body"))) {
            var write = channel.writeOneOutbound(pullAnswer().remark(remark).bodyViews(List.of(view)).build());
            channel.flushOutbound();

            assertThat(write.cause()).isInstanceOf(EncoderException.class)
                    .hasRootCauseInstanceOf(IllegalArgumentException.class);
        }
        assertThat((Object) channel.readOutbound()).isNull();
        LEAKS.assertNoLeaks();
    }
}

package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RemotingCommandDecoderTest {

    private static final int MAX_FRAME = 1024;

    private final EmbeddedChannel channel = new EmbeddedChannel(new RemotingCommandDecoder(MAX_FRAME));

    @Test
    void decodesFrame_whenItArrivesOneByteAtATime() {
        byte[] frame = OfficialPeer.hexmqFrame(SampleCommands.sendMessageRequest(), SerializeType.JSON);

        for (byte b : frame) {
            channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }

        assertThat((RemotingCommand) channel.readInbound()).isEqualTo(SampleCommands.sendMessageRequest());
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void decodesEveryFrame_whenSeveralArriveInOneRead() {
        byte[] first = OfficialPeer.hexmqFrame(SampleCommands.sendMessageRequest(), SerializeType.JSON);
        byte[] second = OfficialPeer.hexmqFrame(SampleCommands.successResponse(), SerializeType.ROCKETMQ);

        channel.writeInbound(Unpooled.wrappedBuffer(first, second));

        assertThat((RemotingCommand) channel.readInbound()).isEqualTo(SampleCommands.sendMessageRequest());
        assertThat((RemotingCommand) channel.readInbound()).isEqualTo(SampleCommands.successResponse());
    }

    @Test
    void decodesFrame_whenItIsExactlyTheMaximumLength() {
        RemotingCommand bare = SampleCommands.bare();
        int headerAndMark = OfficialPeer.hexmqFrame(bare, SerializeType.JSON).length;
        RemotingCommand largest = bare.toBuilder().body(new byte[MAX_FRAME - headerAndMark]).build();

        channel.writeInbound(Unpooled.wrappedBuffer(OfficialPeer.hexmqFrame(largest, SerializeType.JSON)));

        assertThat((RemotingCommand) channel.readInbound()).isEqualTo(largest);
    }

    @Test
    void rejectsFrame_whenLengthExceedsMaximum() {
        ByteBuf in = Unpooled.buffer().writeInt(MAX_FRAME - FrameLayout.LENGTH_SIZE + 1).writeInt(0);

        assertRejected(in);
    }

    @Test
    void rejectsFrame_whenLengthIsNegative() {
        assertRejected(Unpooled.buffer().writeInt(-5).writeLong(0));
    }

    @Test
    void rejectsFrame_whenLengthLeavesNoRoomForTheHeaderMark() {
        assertRejected(Unpooled.buffer().writeInt(2).writeShort(0));
    }

    @Test
    void rejectsFrame_whenHeaderLengthExceedsTheFrame() {
        assertRejected(Unpooled.buffer().writeInt(8).writeInt(5).writeInt(0));
    }

    @Test
    void rejectsFrame_whenSerializeTypeIsUnknown() {
        assertRejected(Unpooled.buffer().writeInt(6).writeInt((7 << 24) | 2).writeBytes("{}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void rejectsFrame_whenJsonHeaderIsUnparsable() {
        byte[] header = "{\"code\":".getBytes(StandardCharsets.UTF_8);

        assertRejected(Unpooled.buffer().writeInt(4 + header.length).writeInt(header.length).writeBytes(header));
    }

    @Test
    void rejectsFrame_whenJsonHeaderIsNotAnObject() {
        byte[] header = "[1,2]".getBytes(StandardCharsets.UTF_8);

        assertRejected(Unpooled.buffer().writeInt(4 + header.length).writeInt(header.length).writeBytes(header));
    }

    @Test
    void rejectsFrame_whenBinaryHeaderIsTruncated() {
        byte[] frame = OfficialPeer.hexmqFrame(SampleCommands.sendMessageRequest(), SerializeType.ROCKETMQ);
        ByteBuf full = Unpooled.wrappedBuffer(frame);
        int headerLength = FrameLayout.headerLength(full.getInt(FrameLayout.HEADER_MARK_OFFSET));
        // Claim a header of only 10 bytes: the remark length then points past it.
        ByteBuf in = Unpooled.buffer().writeInt(4 + 10).writeInt((1 << 24) | 10)
                .writeBytes(frame, FrameLayout.HEADER_OFFSET, 10);
        full.release();

        assertThat(headerLength).isGreaterThan(10);
        assertRejected(in);
    }

    @Test
    void rejectsFrame_whenConnectionClosesInsideIt() {
        byte[] frame = OfficialPeer.hexmqFrame(SampleCommands.sendMessageRequest(), SerializeType.JSON);
        ByteBuf in = Unpooled.wrappedBuffer(Arrays.copyOf(frame, frame.length - 3));

        channel.writeInbound(in);
        channel.close();

        assertThat((Object) channel.readInbound()).isNull();
        assertThat(in.refCnt()).isZero();
    }

    @Test
    void ignoresLaterBytes_afterRejectingAFrame() {
        byte[] good = OfficialPeer.hexmqFrame(SampleCommands.bare(), SerializeType.JSON);
        ByteBuf in = Unpooled.buffer().writeInt(-1).writeBytes(good);

        channel.writeInbound(in);

        assertThat((Object) channel.readInbound()).isNull();
        assertThat(channel.isOpen()).isFalse();
    }

    private void assertRejected(ByteBuf in) {
        channel.writeInbound(in);

        assertThat((Object) channel.readInbound()).as("decoded command").isNull();
        assertThat(channel.isOpen()).as("channel open").isFalse();
        assertThat(in.refCnt()).as("input released").isZero();
    }
}

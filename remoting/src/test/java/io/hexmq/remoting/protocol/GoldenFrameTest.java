package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Frames captured from the official encoder and stored as hex, so the codec stays pinned even
 * without the official library: each decodes to the expected command and encodes back to its bytes.
 */
class GoldenFrameTest {

    static Stream<Arguments> goldenFrames() {
        return Stream.of(
                Arguments.of("json-send-message-v2-request", SampleCommands.sendMessageRequest(), SerializeType.JSON),
                Arguments.of("json-success-response", SampleCommands.successResponse(), SerializeType.JSON),
                Arguments.of("json-error-response", SampleCommands.errorResponseWithRemark(), SerializeType.JSON),
                Arguments.of("json-oneway-request", SampleCommands.onewayRequestWithRemark(), SerializeType.JSON),
                Arguments.of("json-awkward-strings", SampleCommands.awkwardStrings(), SerializeType.JSON),
                Arguments.of("rocketmq-send-message-v2-request", SampleCommands.sendMessageRequest(),
                        SerializeType.ROCKETMQ),
                Arguments.of("rocketmq-oneway-request", SampleCommands.onewayRequestWithRemark(),
                        SerializeType.ROCKETMQ));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFrames")
    void decodesGoldenFrame_toTheExpectedCommand(String name, RemotingCommand expected, SerializeType type) {
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingCommandDecoder(FrameLayout.DEFAULT_MAX_FRAME_LENGTH));

        channel.writeInbound(Unpooled.wrappedBuffer(GoldenFrames.load(name)));

        assertThat((RemotingCommand) channel.readInbound()).isEqualTo(expected);
        assertThat(channel.finish()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFrames")
    void encodesDecodedGoldenFrame_backToTheSameBytes(String name, RemotingCommand expected, SerializeType type) {
        byte[] golden = GoldenFrames.load(name);
        // Decoding keeps the header-field order of the frame, which the encoder then reproduces.
        RemotingCommand decoded = OfficialPeer.hexmqDecode(golden);

        byte[] encoded;
        if (type == SerializeType.JSON) {
            EmbeddedChannel channel = new EmbeddedChannel(new RemotingCommandEncoder());
            channel.writeOutbound(decoded);
            ByteBuf out = channel.readOutbound();
            encoded = ByteBufUtil.getBytes(out);
            out.release();
        } else {
            encoded = OfficialPeer.hexmqFrame(decoded, type);
        }

        assertThat(encoded).isEqualTo(golden);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFrames")
    void storedGoldenFrame_isWhatTheOfficialEncoderWrites(String name, RemotingCommand expected, SerializeType type) {
        var official = OfficialPeer.official(expected,
                org.apache.rocketmq.remoting.protocol.SerializeType.valueOf(type.name()));

        assertThat(OfficialPeer.officialFrame(official)).isEqualTo(GoldenFrames.load(name));
    }
}

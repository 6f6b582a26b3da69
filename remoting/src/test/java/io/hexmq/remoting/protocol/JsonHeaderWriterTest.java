package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The written header is what the official encoder writes and what the official decoder reads back. */
class JsonHeaderWriterTest {

    @Test
    void writesHeader_withoutAbsentFields() {
        ByteBuf out = Unpooled.buffer();

        int length = JsonHeaderWriter.write(RemotingCommand.request(RequestCode.GET_BROKER_CLUSTER_INFO).build(), out);

        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(
                "{\"code\":106,\"flag\":0,\"language\":\"JAVA\",\"opaque\":0,"
                        + "\"serializeTypeCurrentRPC\":\"JSON\",\"version\":513}");
        assertThat(length).isEqualTo(out.readableBytes());
        out.release();
    }

    @Test
    void writesHeader_afterWhatTheBufferAlreadyHolds() {
        ByteBuf out = Unpooled.buffer(4).writeInt(0xCAFE);

        int length = JsonHeaderWriter.write(SampleCommands.bare(), out);

        assertThat(out.readInt()).isEqualTo(0xCAFE);
        assertThat(length).isEqualTo(out.readableBytes());
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("{\"code\":106,");
        out.release();
    }

    static Stream<RemotingCommand> edgeCommands() {
        return Stream.of(
                RemotingCommand.request(Integer.MAX_VALUE).version(Integer.MIN_VALUE).build().withOpaque(Integer.MIN_VALUE),
                RemotingCommand.request(-1).version(0).build().withOpaque(-1000000000),
                RemotingCommand.request(9).extField("k", "9").extField("plain then \"quote\"", "tail é \t")
                        .remark("\\ at the end\\").build(),
                RemotingCommand.request(1).extField("supplementary", "\uD83D\uDE00\uD83D\uDE01x\uD800\uDC00")
                        .extField("bmp", "\u0800\u07FF\uFFFF\u00A0\u00FF").remark("日本語のリマーク").build(),
                RemotingCommand.request(1).extField("long", "v".repeat(5000) + "é").build());
    }

    @ParameterizedTest
    @MethodSource({"edgeCommands", "sampleCommands"})
    void writesTheOfficialEncodersBytes(RemotingCommand command) {
        var official = OfficialPeer.official(command, org.apache.rocketmq.remoting.protocol.SerializeType.JSON);

        assertThat(OfficialPeer.hexmqFrame(OfficialPeer.hexmq(official), SerializeType.JSON))
                .isEqualTo(OfficialPeer.officialFrame(official));
    }

    @ParameterizedTest
    @MethodSource({"edgeCommands", "sampleCommands"})
    void officialDecoderReadsTheWrittenHeader_fieldByField(RemotingCommand command) throws Exception {
        var decoded = OfficialPeer.officialDecode(OfficialPeer.hexmqFrame(command, SerializeType.JSON));

        assertThat(decoded.getCode()).isEqualTo(command.code());
        assertThat(decoded.getVersion()).isEqualTo(command.version());
        assertThat(decoded.getOpaque()).isEqualTo(command.opaque());
        assertThat(decoded.getFlag()).isEqualTo(command.flag());
        assertThat(decoded.getLanguage().name()).isEqualTo(command.language().name());
        assertThat(decoded.getRemark()).isEqualTo(command.remark());
        Map<String, String> fields = decoded.getExtFields() == null ? Map.of() : new HashMap<>(decoded.getExtFields());
        assertThat(fields).isEqualTo(command.extFields());
    }

    @Test
    void writesAnUnpairedSurrogateAsAQuestionMark_asTheOfficialEncoderDoes() {
        RemotingCommand command = RemotingCommand.request(1).remark("a\uD800b\uDC00").build();
        ByteBuf out = Unpooled.buffer();

        JsonHeaderWriter.write(command, out);

        assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"remark\":\"a?b?\"");
        out.release();
        var official = OfficialPeer.official(command, org.apache.rocketmq.remoting.protocol.SerializeType.JSON);
        assertThat(OfficialPeer.hexmqFrame(command, SerializeType.JSON)).isEqualTo(OfficialPeer.officialFrame(official));
    }

    static Stream<RemotingCommand> sampleCommands() {
        return SampleCommands.all().stream();
    }
}

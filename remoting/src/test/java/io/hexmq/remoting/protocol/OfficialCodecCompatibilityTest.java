package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Byte-exactness against the official {@code rocketmq-remoting} codec (running on Netty 4.2 here):
 * frames go both ways, in both header formats, for requests, responses and oneway requests.
 */
class OfficialCodecCompatibilityTest {

    static Stream<Arguments> commandsInBothFormats() {
        return SampleCommands.all().stream().flatMap(command -> Stream.of(
                Arguments.of(command, SerializeType.JSON),
                Arguments.of(command, SerializeType.ROCKETMQ)));
    }

    static Stream<RemotingCommand> commands() {
        return SampleCommands.all().stream();
    }

    private static org.apache.rocketmq.remoting.protocol.SerializeType officialType(SerializeType type) {
        return org.apache.rocketmq.remoting.protocol.SerializeType.valueOf(type.name());
    }

    @ParameterizedTest
    @MethodSource("commandsInBothFormats")
    void decodesOfficialFrames_fieldByField(RemotingCommand command, SerializeType type) throws Exception {
        var official = OfficialPeer.official(command, officialType(type));
        byte[] frame = OfficialPeer.officialFrame(official);
        byte[] nettyFrame = OfficialPeer.officialNettyFrame(official);

        // The reference is what an official peer reads from the frame (binary headers lose empty strings).
        assertSameFields(OfficialPeer.hexmqDecode(frame), OfficialPeer.officialDecode(frame));
        assertSameFields(OfficialPeer.hexmqDecode(nettyFrame), OfficialPeer.officialDecode(nettyFrame));
    }

    @ParameterizedTest
    @MethodSource("commandsInBothFormats")
    void writesTheOfficialEncodersBytes(RemotingCommand command, SerializeType type) {
        var official = OfficialPeer.official(command, officialType(type));
        // Same header-field order as the official HashMap, the one thing the format leaves open.
        RemotingCommand sameOrder = OfficialPeer.hexmq(official);

        byte[] ours = OfficialPeer.hexmqFrame(sameOrder, type);

        assertThat(ours).isEqualTo(OfficialPeer.officialFrame(official));
        assertThat(ours).isEqualTo(OfficialPeer.officialNettyFrame(official));
    }

    @ParameterizedTest
    @MethodSource("commandsInBothFormats")
    void officialDecoderReadsOurFrames_fieldByField(RemotingCommand command, SerializeType type) throws Exception {
        var official = OfficialPeer.officialDecode(OfficialPeer.hexmqFrame(command, type));

        assertSameFields(type == SerializeType.ROCKETMQ ? withoutEmptyValues(command) : command, official);
    }

    @ParameterizedTest
    @MethodSource("commands")
    void binaryHeader_readsEmptyStringsAsAbsent(RemotingCommand command) {
        RemotingCommand decoded = OfficialPeer.hexmqDecode(OfficialPeer.hexmqFrame(command, SerializeType.ROCKETMQ));

        assertThat(decoded).isEqualTo(withoutEmptyValues(command));
    }

    private static RemotingCommand withoutEmptyValues(RemotingCommand command) {
        Map<String, String> fields = new HashMap<>(command.extFields());
        fields.values().removeIf(String::isEmpty);
        String remark = command.remark() == null || command.remark().isEmpty() ? null : command.remark();
        return new RemotingCommand(command.code(), command.language(), command.version(), command.opaque(),
                command.flag(), remark, fields, command.body());
    }

    private static void assertSameFields(RemotingCommand ours,
                                         org.apache.rocketmq.remoting.protocol.RemotingCommand official) {
        assertThat(ours.code()).as("code").isEqualTo(official.getCode());
        assertThat(ours.language().name()).as("language").isEqualTo(official.getLanguage().name());
        assertThat(ours.version()).as("version").isEqualTo(official.getVersion());
        assertThat(ours.opaque()).as("opaque").isEqualTo(official.getOpaque());
        assertThat(ours.flag()).as("flag").isEqualTo(official.getFlag());
        assertThat(ours.isResponse()).as("response").isEqualTo(official.isResponseType());
        assertThat(ours.isOneway()).as("oneway").isEqualTo(official.isOnewayRPC());
        assertThat(ours.remark()).as("remark").isEqualTo(official.getRemark());
        Map<String, String> officialFields = new HashMap<>();
        if (official.getExtFields() != null) {
            official.getExtFields().forEach((key, value) -> {
                if (key != null && value != null) {
                    officialFields.put(key, value);
                }
            });
        }
        assertThat(ours.extFields()).as("extFields").isEqualTo(officialFields);
        byte[] officialBody = official.getBody() == null ? new byte[0] : official.getBody();
        assertThat(ours.body()).as("body").isEqualTo(officialBody);
    }
}

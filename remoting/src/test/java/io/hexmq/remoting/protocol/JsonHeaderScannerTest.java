package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scanner reads the shape the official peers write exactly as the Gson path does, and hands
 * everything else back ({@code null}) for Gson to read or refuse.
 */
class JsonHeaderScannerTest {

    static Stream<String> goldenJsonFrames() {
        return Stream.of("json-send-message-v2-request", "json-success-response", "json-error-response",
                "json-oneway-request", "json-awkward-strings");
    }

    @ParameterizedTest
    @MethodSource("goldenJsonFrames")
    void readsEveryGoldenFrame_asTheGsonPathDoes(String name) {
        byte[] frame = GoldenFrames.load(name);
        byte[] header = Arrays.copyOfRange(frame, FrameLayout.HEADER_OFFSET,
                FrameLayout.HEADER_OFFSET + FrameLayout.headerLength(Unpooled.wrappedBuffer(frame).getInt(4)));

        assertScannerAgreesWithGson(header);
    }

    static Stream<Arguments> officialJsonHeaders() {
        return SampleCommands.all().stream().map(command -> {
            byte[] frame = OfficialPeer.officialFrame(
                    OfficialPeer.official(command, org.apache.rocketmq.remoting.protocol.SerializeType.JSON));
            int headerLength = FrameLayout.headerLength(Unpooled.wrappedBuffer(frame).getInt(4));
            return Arguments.of(command.code(), Arrays.copyOfRange(frame, FrameLayout.HEADER_OFFSET,
                    FrameLayout.HEADER_OFFSET + headerLength));
        });
    }

    @ParameterizedTest(name = "code {0}")
    @MethodSource("officialJsonHeaders")
    void readsWhatTheOfficialEncoderWrites_asTheGsonPathDoes(int code, byte[] header) {
        assertScannerAgreesWithGson(header);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"code\":1,\"remark\":\"q\\\" bs\\\\ sl\\/ \\b\\f\\n\\r\\t\"}",
        "{\"code\":1,\"remark\":\"\\u00e9\\u65E5 \\uD83D\\uDE00 lone \\uD800\"}",
        "{\"code\":1,\"remark\":\"héllo 日本 \uD83D\uDE00\",\"extFields\":{\"ké\\u0079\":\"v\\\"al\"}}",
        "{\"code\":1,\"remark\":\"\"}",
        "{\"opaque\":-2147483648,\"flag\":2147483647,\"version\":-0}",
        "{\"version\":479,\"language\":\"GO\",\"code\":12,\"extFields\":{}}",
        "{\"language\":\"COBOL\"}",
        "{\"extFields\":{\"a\":\"1\",\"a\":\"2\",\"b\":\"3\"},\"extFields\":{\"c\":\"4\"}}",
        "{\"extFields\":{\"i\":\"TAGS\\u0001A\\u0002\",\"j\":\"\\u0001\",\"k\":\"\\n\\u007f\"}}",
        "{\"extFields\":{\"a\":\"x\",\"\\u0062\":\"y\",\"é\":\"z\",\"\":\"empty name\",\"~\":\"\"}}",
        "{\"remark\":\"raw é then \\u0001 then \\u00e9\"}",
        "{}"
    })
    void readsEscapesNonAsciiMissingMembersAndAnyOrder_asTheGsonPathDoes(String json) {
        assertScannerAgreesWithGson(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsAHeaderInDirectMemory() {
        byte[] json = "{\"code\":310,\"extFields\":{\"topic\":\"T\"},\"flag\":0,\"language\":\"JAVA\",\"opaque\":9}"
                .getBytes(StandardCharsets.UTF_8);
        ByteBuf direct = Unpooled.directBuffer(json.length).writeBytes(json);
        try {
            RemotingCommand command = JsonHeaderScanner.read(direct, null);

            assertThat(command.code()).isEqualTo(310);
            assertThat(command.opaque()).isEqualTo(9);
            assertThat(command.extFields()).isEqualTo(Map.of("topic", "T"));
            assertThat(direct.readerIndex()).as("the header is read, not consumed").isZero();
        } finally {
            direct.release();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"code\":1,\"remark\":null}",
        "{\"code\":1,\"extFields\":{\"a\":null}}",
        "{\"code\":1,\"extFields\":{\"n\":5,\"b\":true}}",
        "{\"code\":\"34\"}",
        "{\"code\":1,\"futureField\":{\"x\":[1,2]}}",
        "{\"code\":1,\"futureNumber\":3}",
        "{ \"code\":1}",
        "{\"code\":1}\n",
        "{\"code\":1.0}",
        "{\"code\":1e2}",
        "{\"code\":012}",
        "{\"code\":2147483648}",
        "{\"opaque\":-2147483649}",
        "{\"code\":99999999999}",
        "{\"remark\":\"raw\ttab\"}",
        "{\"serializeTypeCurrentRPC\":0}",
        "{\"language\":7}",
        "{\"c\\u006fde\":1}"
    })
    void handsUnusualHeadersToGson_whichReadsOrRefusesThem(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);

        assertThat(scan(bytes)).isNull();
        assertThat(outcome(() -> read(bytes))).isEqualTo(outcome(() -> readWithGson(bytes)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"code\":1}{", "{\"code\":\"abc\"}", "{\"remark\":\"bad \\x escape\"}",
        "{\"remark\":\"\\u12\"}", "{\"code\":1", "{\"remark\":\"open", "", "[1]"})
    void handsMalformedHeadersToGson_whichRefusesThem(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);

        assertThat(scan(bytes)).isNull();
        assertThatThrownBy(() -> read(bytes)).isInstanceOf(MalformedFrameException.class);
    }

    private static void assertScannerAgreesWithGson(byte[] header) {
        RemotingCommand scanned = scan(header);

        assertThat(scanned).as("taken by the scanner").isNotNull();
        assertThat(scanned).isEqualTo(readWithGson(header));
        assertThat(scanned.extFields().keySet()).containsExactlyElementsOf(readWithGson(header).extFields().keySet());
    }

    /** The command read, or the class of the exception that refused the header. */
    private static Object outcome(Supplier<RemotingCommand> reading) {
        try {
            return reading.get();
        } catch (MalformedFrameException e) {
            return e.getClass();
        }
    }

    private static RemotingCommand scan(byte[] json) {
        return JsonHeaderScanner.read(Unpooled.wrappedBuffer(json), null);
    }

    private static RemotingCommand read(byte[] json) {
        return JsonHeaderCodec.read(Unpooled.wrappedBuffer(json), null);
    }

    private static RemotingCommand readWithGson(byte[] json) {
        return JsonHeaderCodec.readWithGson(Unpooled.wrappedBuffer(json), null);
    }
}

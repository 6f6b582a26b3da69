package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonHeaderCodecTest {

    @Test
    void readsHeader_whenValuesAreNumbersBooleansOrNull() {
        RemotingCommand command = read("{\"code\":\"34\",\"extFields\":{\"n\":5,\"b\":true,\"s\":\"x\",\"z\":null},"
                + "\"remark\":null,\"language\":\"JAVA\",\"opaque\":3}");

        assertThat(command.code()).isEqualTo(34);
        assertThat(command.extFields()).isEqualTo(Map.of("n", "5", "b", "true", "s", "x"));
        assertThat(command.remark()).isNull();
    }

    @Test
    void readsHeader_whenFieldsAreUnknownOrMissing() {
        RemotingCommand command = read("{\"code\":105,\"futureField\":{\"x\":[1,2]},\"language\":\"COBOL\"}");

        assertThat(command.code()).isEqualTo(105);
        assertThat(command.language()).isEqualTo(LanguageCode.OTHER);
        assertThat(command.opaque()).isZero();
        assertThat(command.flag()).isZero();
        assertThat(command.extFields()).isEmpty();
    }

    @Test
    void rejectsHeader_whenContentFollowsTheObject() {
        assertThatThrownBy(() -> read("{\"code\":1}{"))
                .isInstanceOf(MalformedFrameException.class);
    }

    @Test
    void rejectsHeader_whenCodeIsNotANumber() {
        assertThatThrownBy(() -> read("{\"code\":\"abc\"}"))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("unparsable JSON header");
    }

    private static RemotingCommand read(String json) {
        ByteBuf header = Unpooled.copiedBuffer(json, StandardCharsets.UTF_8);
        try {
            return JsonHeaderCodec.read(header, null);
        } finally {
            header.release();
        }
    }
}

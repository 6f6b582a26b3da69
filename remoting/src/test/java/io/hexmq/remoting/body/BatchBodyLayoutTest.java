package io.hexmq.remoting.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.junit.jupiter.api.Test;

class BatchBodyLayoutTest {

    @Test
    void encodesEachEntryWithSizeZeroMagicAndCrcFlagBodyAndProperties() {
        byte[] body = BatchBodyLayout.encode(List.of(
                new BatchBodyLayout.Entry(7, "ab".getBytes(StandardCharsets.UTF_8), "K\u0001v\u0002"),
                new BatchBodyLayout.Entry(0, "xyz".getBytes(StandardCharsets.UTF_8), "")));

        ByteBuffer expected = ByteBuffer.allocate(20 + 2 + 2 + 4 + 20 + 3 + 2)
                .putInt(28).putInt(0).putInt(0).putInt(7).putInt(2).put("ab".getBytes(StandardCharsets.UTF_8))
                .putShort((short) 4).put("K\u0001v\u0002".getBytes(StandardCharsets.UTF_8))
                .putInt(25).putInt(0).putInt(0).putInt(0).putInt(3).put("xyz".getBytes(StandardCharsets.UTF_8))
                .putShort((short) 0);
        assertThat(body).containsExactly(expected.array());
    }

    @Test
    void countsPropertiesInUtf8Bytes() {
        byte[] body = BatchBodyLayout.encode(List.of(new BatchBodyLayout.Entry(0, new byte[] {1}, "k\u0001é\u0002")));

        assertThat(ByteBuffer.wrap(body).getShort(21)).isEqualTo((short) 5);
        assertThat(ByteBuffer.wrap(body).getInt(0)).isEqualTo(body.length);
    }

    @Test
    void rejectsEntry_whenPropertiesExceedShortLength() {
        String huge = "k\u0001" + "v".repeat(Short.MAX_VALUE) + "\u0002";

        assertThatThrownBy(() -> BatchBodyLayout.encode(List.of(new BatchBodyLayout.Entry(0, new byte[] {1}, huge))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("properties");
    }

    @Test
    void decodesWhatItEncodes_intoTheReadersOwnValues() {
        List<BatchBodyLayout.Entry> entries = List.of(
                new BatchBodyLayout.Entry(7, "ab".getBytes(StandardCharsets.UTF_8), "K\u0001v\u0002"),
                new BatchBodyLayout.Entry(0, new byte[0], ""));

        List<String> decoded = BatchBodyLayout.decode(BatchBodyLayout.encode(entries),
                (flag, body, properties) -> flag + "|" + new String(body, StandardCharsets.UTF_8) + "|" + properties);

        assertThat(decoded).containsExactly("7|ab|K\u0001v\u0002", "0||");
    }

    @Test
    void encodesAsTheOfficialClientDoes_andDecodesTheOfficialBatch() {
        Message first = new Message("T", "TagA", "k1", "hello".getBytes(StandardCharsets.UTF_8));
        first.setFlag(3);
        Message second = new Message("T", "second".getBytes(StandardCharsets.UTF_8));
        byte[] official = MessageDecoder.encodeMessages(List.of(first, second));

        List<BatchBodyLayout.Entry> decoded = BatchBodyLayout.decode(official, BatchBodyLayout.Entry::new);

        assertThat(decoded).extracting(BatchBodyLayout.Entry::flag).containsExactly(3, 0);
        assertThat(decoded.get(0).properties()).isEqualTo(MessageDecoder.messageProperties2String(first.getProperties()));
        assertThat(BatchBodyLayout.encode(decoded)).isEqualTo(official);
    }

    @Test
    void refusesABody_whoseEntryDoesNotEndWhereItsSizeSays() {
        byte[] body = BatchBodyLayout.encode(List.of(new BatchBodyLayout.Entry(0, new byte[] {1, 2}, "")));
        ByteBuffer.wrap(body).putInt(BatchBodyLayout.BODY_LENGTH_OFFSET, 1);

        assertThatThrownBy(() -> BatchBodyLayout.decode(body, BatchBodyLayout.Entry::new))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not end where its size says");
    }

    @Test
    void refusesATruncatedBody() {
        byte[] body = BatchBodyLayout.encode(List.of(new BatchBodyLayout.Entry(0, new byte[] {1, 2}, "")));

        assertThatThrownBy(() -> BatchBodyLayout.decode(Arrays.copyOf(body, body.length - 1), BatchBodyLayout.Entry::new))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

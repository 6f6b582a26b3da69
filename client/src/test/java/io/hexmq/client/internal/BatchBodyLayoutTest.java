package io.hexmq.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
}

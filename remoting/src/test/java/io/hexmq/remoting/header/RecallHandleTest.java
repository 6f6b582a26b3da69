package io.hexmq.remoting.header;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.rocketmq.common.producer.RecallMessageHandle;
import org.junit.jupiter.api.Test;

class RecallHandleTest {

    private static final RecallHandle HANDLE = new RecallHandle("TopicTest", "broker-a", 1_796_000_000_123L,
            "7F0000010B1C1B6D3C1B0A5E0C2B0000");

    @Test
    void encodes_asTheOfficialHandleV1() {
        assertThat(HANDLE.encode()).isEqualTo(RecallMessageHandle.HandleV1.buildHandle("TopicTest", "broker-a",
                "1796000000123", "7F0000010B1C1B6D3C1B0A5E0C2B0000"));
    }

    @Test
    void decodes_anOfficialHandleV1() throws Exception {
        String official = RecallMessageHandle.HandleV1.buildHandle("TopicTest", "broker-a", "1796000000123",
                "7F0000010B1C1B6D3C1B0A5E0C2B0000");

        assertThat(RecallHandle.decode(official)).contains(HANDLE);
    }

    @Test
    void decodesNothing_fromTextThatIsNoVersion1Handle() {
        assertThat(RecallHandle.decode(null)).isEmpty();
        assertThat(RecallHandle.decode("")).isEmpty();
        assertThat(RecallHandle.decode("not base64 !")).isEmpty();
        assertThat(RecallHandle.decode(base64("v2 TopicTest broker-a 1 id"))).isEmpty();
        assertThat(RecallHandle.decode(base64("v1 TopicTest broker-a 1"))).isEmpty();
    }

    @Test
    void decodesATimeThatIsNoNumber_asMinusOne() {
        assertThat(RecallHandle.decode(base64("v1 TopicTest broker-a soon id"))).get()
                .extracting(RecallHandle::dueMillis).isEqualTo(-1L);
    }

    private static String base64(String raw) {
        return Base64.getUrlEncoder().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }
}

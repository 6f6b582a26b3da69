package io.hexmq.domain.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OffsetMessageIdTest {

    @Test
    void encodesHostPortAndOffsetAsUppercaseHex() {
        HostAddress host = HostAddress.of(new byte[] {127, 0, 0, 1}, 10911);

        assertThat(OffsetMessageId.encode(host, 8000)).isEqualTo("7F00000100002A9F0000000000001F40");
    }

    @Test
    void decodesIpv4AndIpv6Ids() {
        HostAddress v6 = HostAddress.of(new byte[] {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
            10911);
        String id = OffsetMessageId.encode(v6, Long.MAX_VALUE);

        assertThat(id).hasSize(56);
        assertThat(OffsetMessageId.decode(id)).isEqualTo(new OffsetMessageId(v6, Long.MAX_VALUE));
        assertThat(OffsetMessageId.decode("7f00000100002a9f0000000000001f40").commitLogOffset()).isEqualTo(8000);
    }

    @Test
    void rejectsIdsOfTheWrongLength() {
        assertThatThrownBy(() -> OffsetMessageId.decode("ABC")).isInstanceOf(IllegalArgumentException.class);
    }
}

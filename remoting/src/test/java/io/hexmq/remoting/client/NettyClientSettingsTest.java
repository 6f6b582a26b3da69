package io.hexmq.remoting.client;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class NettyClientSettingsTest {

    @Test
    void rejectsSettings_whenAValueIsOutOfRange() {
        NettyClientSettings valid = NettyClientSettings.defaults();

        assertThatThrownBy(() -> valid.withConnectTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("connectTimeout");
        assertThatThrownBy(() -> new NettyClientSettings(0, Duration.ofSeconds(1), 1024, Duration.ZERO, ClientTls.NONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ioThreads");
        assertThatThrownBy(() -> new NettyClientSettings(1, Duration.ofSeconds(1), 4, Duration.ZERO, ClientTls.NONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxFrameLength");
    }
}

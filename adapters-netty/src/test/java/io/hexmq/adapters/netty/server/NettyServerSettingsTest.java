package io.hexmq.adapters.netty.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class NettyServerSettingsTest {

    @Test
    void defaultsToTheOfficialServersLimits() {
        NettyServerSettings settings = NettyServerSettings.defaults("0.0.0.0", 9876);

        assertThat(settings.idleTimeout()).isEqualTo(Duration.ofSeconds(120));
        assertThat(settings.maxFrameLength()).isEqualTo(16 * 1024 * 1024);
    }

    @Test
    void rejectsSettings_whenAValueIsOutOfRange() {
        NettyServerSettings valid = NettyServerSettings.defaults("127.0.0.1", 0);

        assertThatThrownBy(() -> NettyServerSettings.defaults("127.0.0.1", 65_536))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("port");
        assertThatThrownBy(() -> NettyServerSettings.defaults(" ", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("host");
        assertThatThrownBy(() -> valid.withIdleTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("idleTimeout");
        assertThatThrownBy(() -> valid.withMaxFrameLength(7))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxFrameLength");
        assertThatThrownBy(() -> valid.withIoThreads(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ioThreads");
    }
}

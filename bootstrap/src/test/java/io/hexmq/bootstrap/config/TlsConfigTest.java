package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.adapters.netty.server.TlsMode;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.remoting.client.ClientTls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsConfigTest {

    @TempDir
    Path dir;

    @Test
    void isOff_whenNothingIsSaid() throws Exception {
        TlsConfig config = TlsConfig.from(RawConfig.of(Map.of()), new Properties());

        assertThat(config.server().mode()).isEqualTo(TlsMode.DISABLED);
        assertThat(config.client()).isSameAs(ClientTls.NONE);
    }

    @Test
    void readsTheSettings_thenTheTlsConfigFile_thenTheSystemProperties() throws Exception {
        Path file = dir.resolve("tls.properties");
        Files.writeString(file, "tls.server.mode=enforcing\ntls.test.mode.enable=true\n");
        Properties system = new Properties();
        system.setProperty("tls.server.mode", "disabled");
        system.setProperty("tls.config.file", file.toString());

        assertThat(TlsConfig.from(RawConfig.of(Map.of()), system).server().mode()).isEqualTo(TlsMode.ENFORCING);
        assertThat(TlsConfig.from(RawConfig.of(Map.of("tls.server.mode", "permissive")), system).server().mode())
                .isEqualTo(TlsMode.PERMISSIVE);
    }

    @Test
    void stopsTheLaunch_whenATlsPortHasNoCertificate() {
        assertThatThrownBy(() -> TlsConfig.from(RawConfig.of(Map.of("tls.server.mode", "enforcing")), new Properties()))
                .isInstanceOf(LaunchException.class).hasMessageContaining("tls.server.certPath");
        assertThatThrownBy(() -> TlsConfig.from(RawConfig.of(Map.of("tls.server.mode", "sometimes")), new Properties()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void brokerConfigReportsUseTls_asTheOutboundConnectionsSpeakIt_withRocketMqsRoleDefaults() throws Exception {
        assertThat(BrokerConfig.from(RawConfig.of(Map.of())).properties())
                .contains("useTLS=false\n", "brokerRole=ASYNC_MASTER\n", "slaveReadEnable=false\n");
        assertThat(BrokerConfig.from(RawConfig.of(Map.of("tls.enable", "true"))).properties()).contains("useTLS=true\n");
    }
}

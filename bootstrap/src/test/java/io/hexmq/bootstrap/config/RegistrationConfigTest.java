package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.adapters.netty.broker.RegisterBrokerEncoding;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How broker.conf says the broker registers: RocketMQ 5.x's keys and defaults, and the frame limit. */
class RegistrationConfigTest {

    private static BrokerConfig read(Map<String, String> settings) throws LaunchException {
        return BrokerConfig.from(RawConfig.of(settings));
    }

    @Test
    void registersAsOneJsonRequest_unlessTold_withRocketMqsSplitSize() throws LaunchException {
        BrokerConfig config = read(Map.of());

        assertThat(config.registration().encoding()).isEqualTo(RegisterBrokerEncoding.defaults());
        assertThat(config.properties()).contains("compressedRegister=false\n", "enableSplitRegistration=false\n",
                "splitRegistrationSize=800\n");
    }

    @Test
    void readsCompressedAndSplitRegistration_andTheFrameLimitTheBodiesMustFit() throws LaunchException {
        BrokerConfig config = read(Map.of("compressedRegister", "true", "enableSplitRegistration", "true",
                "splitRegistrationSize", "2000", "com.rocketmq.remoting.frameMaxLength", "8388608"));

        assertThat(config.registration().encoding()).isEqualTo(new RegisterBrokerEncoding(true, true, 2_000, 8_388_608));
        assertThat(config.properties()).contains("splitRegistrationSize=2000\n");
    }

    @Test
    void refusesASplitSizeBelowOne() {
        assertThatThrownBy(() -> read(Map.of("splitRegistrationSize", "0"))).isInstanceOf(LaunchException.class)
                .hasMessageContaining("splitRegistrationSize must be positive: 0");
    }
}

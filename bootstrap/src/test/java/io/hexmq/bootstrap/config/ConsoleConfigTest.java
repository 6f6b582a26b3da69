package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleConfigTest {

    private static ConsoleConfig read(Map<String, String> settings, boolean secured) throws LaunchException {
        return ConsoleConfig.from(RawConfig.of(settings), secured);
    }

    @Test
    void isOffForABroker_unlessSet_onLoopbackAtTheDashboardsPort() throws LaunchException {
        assertThat(read(Map.of(), false)).isEqualTo(new ConsoleConfig(false, "127.0.0.1", 8082));
        assertThat(read(Map.of("consoleEnable", "true", "consoleHost", "0.0.0.0", "consolePort", "0"), false))
                .isEqualTo(new ConsoleConfig(true, "0.0.0.0", 0));
    }

    @Test
    void standalone_turnsItOn_unlessTheSettingsSayOtherwise() throws LaunchException {
        assertThat(ConsoleConfig.onByDefault(RawConfig.of(Map.of())).string("consoleEnable", "")).isEqualTo("true");
        assertThat(ConsoleConfig.onByDefault(RawConfig.of(Map.of("consoleEnable", "false")))
                .string("consoleEnable", "")).isEqualTo("false");
    }

    @Test
    void standalone_leavesItOff_withAuthenticationOrAcl() throws LaunchException {
        for (String security : new String[] {"authenticationEnabled", "authorizationEnabled", "aclEnable"}) {
            RawConfig secured = ConsoleConfig.onByDefault(RawConfig.of(Map.of(security, "true")));

            assertThat(secured.has("consoleEnable")).as(security).isFalse();
        }
    }

    @Test
    void anExplicitConsoleBesideAuthentication_failsTheLaunchWithTheReason() {
        assertThatThrownBy(() -> read(Map.of("consoleEnable", "true"), true)).isInstanceOf(LaunchException.class)
                .hasMessageContaining("the web console has no login yet").hasMessageContaining("consoleEnable=false");
    }

    @Test
    void aPortOutOfRange_failsTheLaunch() {
        assertThatThrownBy(() -> read(Map.of("consolePort", "70000"), false)).isInstanceOf(LaunchException.class)
                .hasMessage("invalid console setting: consolePort must be between 0 and 65535, not 70000");
    }
}

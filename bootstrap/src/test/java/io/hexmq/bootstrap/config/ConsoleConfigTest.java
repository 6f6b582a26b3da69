package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConsoleConfigTest {

    private static ConsoleConfig read(Map<String, String> settings, boolean secured) throws LaunchException {
        return ConsoleConfig.from(RawConfig.of(settings), secured ? Optional.of("authorization without authentication") : Optional.empty());
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
    void standalone_signsInWithAcl2OrAcl1_butLeavesItOff_withSecurityItCannotHonour() throws LaunchException {
        assertThat(ConsoleConfig.onByDefault(RawConfig.of(Map.of("authenticationEnabled", "true",
                "authorizationEnabled", "true"))).string("consoleEnable", "")).isEqualTo("true");
        assertThat(ConsoleConfig.onByDefault(RawConfig.of(Map.of("aclEnable", "true"))).string("consoleEnable", ""))
                .as("ACL 1.0").isEqualTo("true");
        assertThat(ConsoleConfig.onByDefault(RawConfig.of(Map.of("aclEnable", "true",
                "authenticationEnabled", "true"))).has("consoleEnable")).as("ACL 1.0 and 2.0 together").isFalse();
        assertThat(ConsoleConfig.onByDefault(RawConfig.of(Map.of("authorizationEnabled", "true")))
                .has("consoleEnable")).as("authorization without authentication").isFalse();
    }

    @Test
    void anExplicitConsoleBesideSecurityItCannotHonour_failsTheLaunchWithTheReason() {
        assertThatThrownBy(() -> read(Map.of("consoleEnable", "true"), true)).isInstanceOf(LaunchException.class)
                .hasMessage("consoleEnable=true with authorization without authentication: the web console cannot sign those in, so it "
                        + "would let anyone past them; set consoleEnable=false");
    }

    @Test
    void aPortOutOfRange_failsTheLaunch() {
        assertThatThrownBy(() -> read(Map.of("consolePort", "70000"), false)).isInstanceOf(LaunchException.class)
                .hasMessage("invalid console setting: consolePort must be between 0 and 65535, not 70000");
    }
}

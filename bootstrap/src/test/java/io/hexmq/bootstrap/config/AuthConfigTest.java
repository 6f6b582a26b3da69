package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.domain.auth.User;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuthConfigTest {

    @Test
    void isOff_whenNothingIsSaid() throws Exception {
        AuthConfig config = AuthConfig.from(RawConfig.of(Map.of()));

        assertThat(config.settings().authenticationEnabled()).isFalse();
        assertThat(config.settings().authorizationEnabled()).isFalse();
        assertThat(config.innerCredentials()).isEmpty();
    }

    @Test
    void readsRocketMqsNamesAndJsonValues() throws Exception {
        AuthConfig config = AuthConfig.from(RawConfig.of(Map.of(
                "authenticationEnabled", "true",
                "authorizationEnabled", "true",
                "initAuthenticationUser", "{\"username\":\"rocketmq\",\"password\":\"12345678\"}",
                "innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"s3cret\"}",
                "authenticationWhitelist", "105, 106")));

        assertThat(config.settings().initialUser()).get().satisfies(user -> {
            assertThat(user.username().value()).isEqualTo("rocketmq");
            assertThat(user.isSuper()).isTrue();
        });
        assertThat(config.settings().innerUser()).get().extracting(User::password).isEqualTo("s3cret");
        assertThat(config.innerCredentials()).get().satisfies(c -> assertThat(c.accessKey()).isEqualTo("inner"));
        assertThat(config.whitelist()).containsExactlyInAnyOrder(105, 106);
    }

    @Test
    void stopsTheLaunch_withoutRepeatingAValueThatMayHoldAPassword() {
        assertThatThrownBy(() -> AuthConfig.from(RawConfig.of(Map.of("initAuthenticationUser", "{\"username\":"
                + "\"u\",\"password\":\"hunter2\""))))
                .isInstanceOf(LaunchException.class).hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> BrokerConfig.from(RawConfig.of(Map.of("initAuthenticationUser",
                "{\"username\":\"u\"}")))).isInstanceOf(LaunchException.class).hasMessageContaining("password");
    }
}

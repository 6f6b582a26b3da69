package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.namesrv.NameServerSettings;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What GET_NAMESRV_CONFIG (mqadmin getNamesrvConfig) lists of the settings at start: every one the NameServer reads. */
class NameServerConfigTest {

    /** Read but not listed, for the reasons {@link BrokerConfigTest} gives: two secrets, and the TLS keys. */
    private static final Set<String> LEFT_OUT = Set.of("initAuthenticationUser", "innerClientAuthenticationCredentials");

    @Test
    void listsEverySettingItReadsAtStart_butTheSecretsAndTls() throws LaunchException {
        RawConfig raw = RawConfig.of(Map.of());

        NameServerConfig config = NameServerConfig.from(raw);

        // GET_NAMESRV_CONFIG lists the settings fixed at start and, beside them, those an admin may change
        Set<String> listedOrLive = new TreeSet<>(config.fixedAtStart().keySet());
        listedOrLive.addAll(NameServerSettings.defaults().asProperties().keySet());
        assertThat(listedOrLive).containsAll(raw.readKeys().stream()
                .filter(key -> !LEFT_OUT.contains(key) && !key.startsWith("tls.")).collect(Collectors.toSet()));
        assertThat(config.fixedAtStart()).containsEntry("authorizationEnabled", "false")
                .containsEntry("authenticationWhitelist", "");
    }
}

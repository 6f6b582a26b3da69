package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What GET_BROKER_CONFIG (mqadmin getBrokerConfig) lists: every setting the broker reads, by its effective value. */
class BrokerConfigTest {

    /**
     * Read but not listed: the two credentials (RocketMQ lists them in clear; an admin's read should not hand out a
     * secret), RocketMQ home (only where the ACL file is looked for, and aclConfigFile lists that file), and the TLS
     * keys, which RocketMQ reads as system properties or from its TLS file, not as broker settings.
     */
    private static final Set<String> LEFT_OUT = Set.of("initAuthenticationUser", "innerClientAuthenticationCredentials",
            "rocketmqHome");

    private static Set<String> listedKeys(BrokerConfig config) {
        return config.properties().lines().map(line -> line.substring(0, line.indexOf('=')))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void listsEverySettingItReads_butTheSecretsTheAclHomeAndTls() throws LaunchException {
        RawConfig raw = RawConfig.of(Map.of());

        BrokerConfig config = BrokerConfig.from(raw);

        Set<String> expected = raw.readKeys().stream()
                .filter(key -> !LEFT_OUT.contains(key) && !key.startsWith("tls."))
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(listedKeys(config)).containsAll(expected);
    }

    @Test
    void listsTheEffectiveValues_ofTheSettingsMqadminExportMetricsAndExportConfigsRead() throws LaunchException {
        BrokerConfig config = BrokerConfig.from(RawConfig.of(Map.of("clientCallbackExecutorThreads", "3",
                "channelExpiredTimeout", "60000", "maxIndexNum", "1000", "brokerIP2", "10.0.0.9",
                "haListenPort", "20912")));

        assertThat(config.clientCallbackExecutorThreads()).isEqualTo(3);
        assertThat(config.properties()).contains("clientCallbackExecutorThreads=3\n", "channelExpiredTimeout=60000\n",
                "maxIndexNum=1000\n", "brokerIP2=10.0.0.9\n", "haListenPort=20912\n", "sendMessageThreadPoolNums=4\n");
    }

    @Test
    void clientCallbackExecutorThreads_isTheProcessorCount_asInRocketMq_unlessSet() throws LaunchException {
        BrokerConfig config = BrokerConfig.from(RawConfig.of(Map.of()));

        assertThat(config.clientCallbackExecutorThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(config.properties())
                .contains("clientCallbackExecutorThreads=" + Runtime.getRuntime().availableProcessors() + "\n");
    }
}

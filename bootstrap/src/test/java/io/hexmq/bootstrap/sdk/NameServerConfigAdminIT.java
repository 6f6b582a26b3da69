package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.client.Admin;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The SDK admin reads and changes the NameServer's settings of a real hexmq standalone. */
class NameServerConfigAdminIT {

    private static final int NO_PERMISSION = 16;

    @RegisterExtension
    final StandaloneExtension<HexmqClient> hexmq = StandaloneExtension.onFileStore().withClients(SdkClients::client);

    private Admin admin;

    @BeforeEach
    void start() {
        admin = hexmq.clients().admin();
    }

    private SortedMap<String, String> config() {
        Map<String, SortedMap<String, String>> configs = admin.nameServerConfigs();
        assertThat(configs).containsOnlyKeys(hexmq.server().nameServer());
        return configs.get(hexmq.server().nameServer());
    }

    @Test
    void readsTheSettings_andChangesOneAtRunTime() {
        assertThat(config()).containsEntry("brokerTimeoutMillis", "120000")
                .containsEntry("kvConfigPath", hexmq.server().dataDir().resolve("namesrv/kvConfig.json").toString());

        admin.updateNameServerConfig(Map.of("brokerTimeoutMillis", "60000"));

        assertThat(config()).containsEntry("brokerTimeoutMillis", "60000");
    }

    @Test
    void aRefusedChange_throwsWithTheNameServersCode_andChangesNothing() {
        assertThatThrownBy(() -> admin.updateNameServerConfig(Map.of("listenPort", "1", "orderMessageEnable", "true")))
                .isInstanceOfSatisfying(HexmqClientException.class, e -> {
                    assertThat(e.responseCode()).isEqualTo(NO_PERMISSION);
                    assertThat(e.getMessage()).contains("listenPort");
                });

        assertThat(config()).containsEntry("orderMessageEnable", "false");
    }
}

package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.compat.RunningStandalone;
import io.hexmq.client.Admin;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SDK admin reads and changes the NameServer's settings of a real hexmq standalone. */
class NameServerConfigAdminIT {

    private static final int NO_PERMISSION = 16;

    @TempDir
    Path dataDir;

    private RunningStandalone server;
    private HexmqClient client;
    private Admin admin;

    @BeforeEach
    void start() throws Exception {
        server = RunningStandalone.start(dataDir);
        client = SdkClients.client(server);
        admin = client.admin();
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private SortedMap<String, String> config() {
        Map<String, SortedMap<String, String>> configs = admin.nameServerConfigs();
        assertThat(configs).containsOnlyKeys(server.nameServer());
        return configs.get(server.nameServer());
    }

    @Test
    void readsTheSettings_andChangesOneAtRunTime() {
        assertThat(config()).containsEntry("brokerTimeoutMillis", "120000")
                .containsEntry("kvConfigPath", dataDir.resolve("namesrv/kvConfig.json").toString());

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

package io.hexmq.bootstrap.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A NameServer with {@code authenticationEnabled}: the broker registers by signing with its
 * {@code innerClientAuthenticationCredentials}, the super user of {@code initAuthenticationUser} reads routes
 * and clusters with the official admin and the SDK, and an unsigned or wrongly signed client is refused while
 * the NameServer keeps serving.
 */
class NameServerAuthenticationIT {

    private static final Map<String, String> AUTH = Map.of(
            "authenticationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"rocketmq\",\"password\":\"12345678\"}",
            "innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"inner-secret\"}");

    @TempDir
    Path dataDir;

    private StandaloneNode node;
    private final java.util.List<AutoCloseable> opened = new java.util.ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable closeable : opened) {
            closeable.close();
        }
        if (node != null) {
            node.close();
        }
    }

    private String start() throws Exception {
        node = StandaloneWithSettings.start(dataDir, AUTH);
        return StandaloneWithSettings.nameServer(node);
    }

    @Test
    void registersTheSigningBroker_andServesTheSuperUser_andRefusesUnsignedClients() throws Exception {
        String nameServer = start();

        SignedClients root = SignedClients.as(nameServer, "rocketmq", "12345678");
        opened.add(root);
        DefaultMQAdminExt admin = root.admin();
        Await.until("the broker registered over its signed connection", () -> {
            try {
                return !admin.examineBrokerClusterInfo().getBrokerAddrTable().isEmpty();
            } catch (Exception notYet) {
                return false;
            }
        });

        HexmqClient signedSdk = HexmqClient.builder().nameServers(nameServer).credentials("rocketmq", "12345678")
                .build();
        opened.add(signedSdk);
        assertThat(signedSdk.admin().clusters()).isNotEmpty();

        HexmqClient unsigned = HexmqClient.builder().nameServers(nameServer).build();
        opened.add(unsigned);
        assertThatThrownBy(() -> unsigned.admin().clusters()).isInstanceOf(HexmqClientException.class)
                .hasMessageContaining("username cannot be null");
        HexmqClient wrong = HexmqClient.builder().nameServers(nameServer).credentials("rocketmq", "guess").build();
        opened.add(wrong);
        assertThatThrownBy(() -> wrong.admin().clusters()).isInstanceOf(HexmqClientException.class)
                .hasMessageContaining("check signature failed");

        assertThat(admin.examineBrokerClusterInfo().getBrokerAddrTable()).isNotEmpty();
    }
}

package io.hexmq.bootstrap.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.Producer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS on the remoting ports with the official 5.x client ({@code setUseTLS(true)}) and the SDK
 * ({@code tls(true)}): a NameServer and a broker with {@code tls.test.mode.enable} (a certificate made at
 * start), the broker reaching its NameServer over TLS ({@code tls.enable}); enforcing refuses plain
 * clients and keeps serving, permissive serves both.
 */
class TlsCompatibilityIT {

    private static final String TOPIC = "tls-topic";

    @TempDir
    Path dataDir;

    private StandaloneNode node;
    private final java.util.List<Runnable> shutdowns = new java.util.ArrayList<>();

    @AfterEach
    void stop() {
        shutdowns.forEach(Runnable::run);
        if (node != null) {
            node.close();
        }
    }

    private String start(String mode) throws Exception {
        node = StandaloneWithSettings.start(dataDir,
                Map.of("tls.server.mode", mode, "tls.test.mode.enable", "true", "tls.enable", "true"));
        return StandaloneWithSettings.nameServer(node);
    }

    private DefaultMQProducer officialProducer(String nameServer, boolean useTls) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("pg-tls-" + useTls);
        producer.setNamesrvAddr(nameServer);
        producer.setInstanceName("tls-it-" + useTls + "-" + System.nanoTime());
        producer.setUseTLS(useTls);
        producer.setSendMsgTimeout(5_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        shutdowns.add(producer::shutdown);
        return producer;
    }

    private static Message message(String body) {
        return new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8));
    }

    private void createTopic(String nameServer) {
        HexmqClient client = HexmqClient.builder().nameServers(nameServer).tls(true).build();
        shutdowns.add(client::close);
        String cluster = client.admin().clusters().get(0).cluster();
        client.admin().createOrUpdateTopic(cluster, io.hexmq.client.TopicSettings.of(TOPIC, 2));
        io.hexmq.bootstrap.Await.until("route of " + TOPIC, () -> {
            try {
                return !client.admin().topicRoute(TOPIC).queues().isEmpty();
            } catch (RuntimeException notYet) {
                return false;
            }
        });
    }

    @Test
    void enforcingServesTheOfficialClientOverTls_andTheSdk_andRefusesAPlainClient() throws Exception {
        String nameServer = start("enforcing");
        createTopic(nameServer);

        assertThat(officialProducer(nameServer, true).send(message("over-tls")).getSendStatus())
                .isEqualTo(SendStatus.SEND_OK);
        HexmqClient sdk = HexmqClient.builder().nameServers(nameServer).tls(true).build();
        shutdowns.add(sdk::close);
        Producer producer = sdk.newProducer().group("pg-sdk-tls").sendTimeout(Duration.ofSeconds(10)).build();
        assertThat(producer.send(io.hexmq.client.Message.builder(TOPIC).body("sdk-over-tls").build()).status())
                .isEqualTo(io.hexmq.client.SendStatus.SEND_OK);

        DefaultMQProducer plain = officialProducer(nameServer, false);
        assertThatThrownBy(() -> plain.send(message("plain"))).isInstanceOf(Exception.class);
        assertThat(officialProducer(nameServer, true).send(message("still-over-tls")).getSendStatus())
                .isEqualTo(SendStatus.SEND_OK);
    }

    @Test
    void permissiveServesTlsAndPlainClientsOnOnePort() throws Exception {
        String nameServer = start("permissive");
        createTopic(nameServer);

        assertThat(officialProducer(nameServer, true).send(message("over-tls")).getSendStatus())
                .isEqualTo(SendStatus.SEND_OK);
        assertThat(officialProducer(nameServer, false).send(message("plain")).getSendStatus())
                .isEqualTo(SendStatus.SEND_OK);
    }
}

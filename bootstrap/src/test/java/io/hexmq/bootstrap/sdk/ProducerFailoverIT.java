package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.BrokerNode;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.FreePorts;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.RawConfig;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.Producer;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.TopicSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two broker groups behind one NameServer; one stops. The producer's sends that pick the stopped
 * broker are retried on the other one, and the failure makes the producer refresh its route at once
 * (its periodic refresh is set far beyond the test's bound).
 */
class ProducerFailoverIT {

    @RegisterExtension
    final StandaloneExtension<?> hexmq = StandaloneExtension.onFileStore();

    private BrokerNode secondBroker;
    private HexmqClient client;

    @BeforeEach
    void start() throws Exception {
        Map<String, String> raw = new LinkedHashMap<>();
        raw.put("brokerName", "broker-b");
        raw.put("namesrvAddr", hexmq.server().nameServer());
        raw.put("storePathRootDir", hexmq.server().dataDir().resolve("broker-b/store").toString());
        raw.put("mappedFileSizeCommitLog", Integer.toString(8 * 1024 * 1024));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(20 * 10_000));
        raw.put("listenPort", Integer.toString(FreePorts.brokerPort(new HostPort("127.0.0.1", 0)).port()));
        secondBroker = BrokerNode.start(BrokerConfig.from(RawConfig.of(raw)));
        client = HexmqClient.builder()
                .nameServers(hexmq.server().nameServer())
                .requestTimeout(SdkClients.REQUEST_TIMEOUT)
                .routeRefreshInterval(Duration.ofMinutes(10))
                .heartbeatInterval(Duration.ofSeconds(1))
                .build();
        Await.until("both brokers in the cluster", () -> client.admin().clusters().size() == 2);
    }

    @AfterEach
    void stop() {
        client.close();
        if (secondBroker != null) {
            secondBroker.close();
        }
    }

    @Test
    void retriesOnTheOtherBroker_andRefreshesItsRoute_whenABrokerGoesAway() throws Exception {
        client.admin().createOrUpdateTopic(SdkClients.cluster(client), TopicSettings.of("FailoverTopic", 2));
        try (Producer producer = client.newProducer().group("pg-failover").retries(2).build()) {
            Await.until("the topic on both brokers", () -> producer.queues("FailoverTopic").stream()
                    .map(MessageQueue::brokerName).distinct().count() == 2);

            secondBroker.close();
            secondBroker = null;

            List<SendReceipt> receipts = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                receipts.add(producer.send(Message.builder("FailoverTopic").body("after-" + i).build()));
            }

            assertThat(receipts).allSatisfy(receipt ->
                    assertThat(receipt.queue().brokerName()).isEqualTo(hexmq.server().brokerName()));
            Await.until("a route without the stopped broker", Duration.ofSeconds(30), () ->
                    producer.queues("FailoverTopic").stream()
                            .allMatch(queue -> queue.brokerName().equals(hexmq.server().brokerName())));
        }
    }
}

package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.bootstrap.sdk.SdkClients.ClientWithProducer;
import io.hexmq.client.Message;
import io.hexmq.client.SendReceipt;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** SDK producer → official consumers: every message arrives with its tags, keys, properties and id. */
class MixedExchangeIT {

    @RegisterExtension
    static final StandaloneExtension<ClientWithProducer> hexmq = StandaloneExtension.onFileStore()
            .withClients(SdkClients.withProducer("sdk-mixed-pg"));

    /** Sends single, async and batch messages; returns body → receipt msgId. */
    private static Map<String, String> sendMix(String topic) {
        Map<String, String> sent = new ConcurrentHashMap<>();
        for (int i = 0; i < 10; i++) {
            String body = topic + "-sync-" + i;
            sent.put(body, hexmq.clients().producer().send(message(topic, body, i)).msgId());
        }
        for (int i = 0; i < 10; i++) {
            String body = topic + "-async-" + i;
            sent.put(body, hexmq.clients().producer().sendAsync(message(topic, body, i)).join().msgId());
        }
        List<Message> batch = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            batch.add(message(topic, topic + "-batch-" + i, i));
        }
        SendReceipt receipt = hexmq.clients().producer().sendBatch(batch);
        for (int i = 0; i < 5; i++) {
            sent.put(topic + "-batch-" + i, receipt.msgIds().get(i));
        }
        return sent;
    }

    private static Message message(String topic, String body, int i) {
        return Message.builder(topic).body(body).tags(i % 2 == 0 ? "even" : "odd").keys("key-" + body)
                .property("index", Integer.toString(i)).build();
    }

    private static void assertIntact(Map<String, String> sent, Map<String, MessageExt> received) {
        assertThat(received.keySet()).containsExactlyInAnyOrderElementsOf(sent.keySet());
        received.forEach((body, message) -> {
            int index = Integer.parseInt(message.getUserProperty("index"));
            assertThat(message.getTags()).isEqualTo(index % 2 == 0 ? "even" : "odd");
            assertThat(message.getKeys()).isEqualTo("key-" + body);
            assertThat(message.getMsgId()).isEqualTo(sent.get(body));
        });
    }

    @Test
    void officialLitePullConsumerReceivesEverySdkMessageIntact() throws Exception {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-mixed-lite", 4);
        Map<String, String> sent = sendMix("sdk-mixed-lite");
        Map<String, MessageExt> received = new ConcurrentHashMap<>();
        try (OfficialClients official = new OfficialClients(hexmq.server().nameServer())) {
            DefaultLitePullConsumer consumer = official.litePullConsumer("sdk-mixed-lite-cg");
            consumer.subscribe("sdk-mixed-lite", MessageSelector.byTag("*"));
            consumer.start();
            Await.until("every message is polled", () -> {
                consumer.poll(200).forEach(m -> received.put(new String(m.getBody(), StandardCharsets.UTF_8), m));
                return received.size() >= sent.size();
            });
        }
        assertIntact(sent, received);
    }

    @Test
    void officialPushConsumerReceivesEverySdkMessageIntact() throws Exception {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-mixed-push", 4);
        Map<String, String> sent = sendMix("sdk-mixed-push");
        try (OfficialClients official = new OfficialClients(hexmq.server().nameServer())) {
            Map<String, MessageExt> received =
                    official.consumeByBody("sdk-mixed-push-cg", "sdk-mixed-push", "even || odd");
            Await.until("every message is pushed", () -> received.size() >= sent.size());
            assertIntact(sent, received);
        }
    }
}

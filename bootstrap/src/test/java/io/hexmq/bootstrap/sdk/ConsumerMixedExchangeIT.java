package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.client.ConsumeResult;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.Message;
import io.hexmq.client.Producer;
import io.hexmq.client.PushConsumer;
import io.hexmq.client.ReceivedMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Consumers mixed with the official client: official producer → SDK push consumer, and SDK producer →
 * official orderly push consumer (the concurrent official consumer is in {@link MixedExchangeIT}).
 */
class ConsumerMixedExchangeIT {

    @RegisterExtension
    static final StandaloneExtension<HexmqClient> hexmq = StandaloneExtension.onFileStore()
            .withClients(SdkClients::client);

    /** Set up as the compatibility tests' OfficialClients: fast route polls and heartbeats, own instance. */
    private static <T extends org.apache.rocketmq.client.ClientConfig> T configure(T official, String name) {
        official.setNamesrvAddr(hexmq.server().nameServer());
        official.setInstanceName(name + "-" + System.nanoTime());
        official.setPollNameServerInterval(1_000);
        official.setHeartbeatBrokerInterval(1_000);
        return official;
    }

    @Test
    void sdkPushConsumerReceivesEveryOfficialMessageIntact() throws Exception {
        SdkClients.createTopic(hexmq.clients(), "sdk-mixed-official-to-sdk", 4);
        DefaultMQProducer official = configure(new DefaultMQProducer("sdk-mixed-official-pg"), "official-producer");
        official.setSendMsgTimeout(10_000);
        official.start();
        Map<String, String> sent = new ConcurrentHashMap<>();
        Map<String, ReceivedMessage> received = new ConcurrentHashMap<>();
        try (PushConsumer consumer = hexmq.clients().newPushConsumer().group("sdk-mixed-official-to-sdk-cg")
                .subscribe("sdk-mixed-official-to-sdk", "even || odd")
                .consumeFromFirstOffset()
                .concurrentListener(message -> {
                    received.put(message.bodyAsString(), message);
                    return ConsumeResult.SUCCESS;
                })
                .build()) {
            for (int i = 0; i < 20; i++) {
                String body = "official-" + i;
                org.apache.rocketmq.common.message.Message message = new org.apache.rocketmq.common.message.Message(
                        "sdk-mixed-official-to-sdk", i % 2 == 0 ? "even" : "odd", "key-" + i,
                        body.getBytes(StandardCharsets.UTF_8));
                message.putUserProperty("index", Integer.toString(i));
                SendResult result = official.send(message);
                sent.put(body, result.getMsgId());
            }
            Await.until("every official message is pushed", () -> received.size() == sent.size());
        } finally {
            official.shutdown();
        }
        received.forEach((body, message) -> {
            int index = Integer.parseInt(message.properties().get("index"));
            assertThat(message.tags()).contains(index % 2 == 0 ? "even" : "odd");
            assertThat(message.keys()).containsExactly("key-" + index);
            assertThat(message.msgId()).isEqualTo(sent.get(body));
            assertThat(message.topic()).isEqualTo("sdk-mixed-official-to-sdk");
        });
    }

    @Test
    void officialOrderlyPushConsumerReceivesSdkMessagesInQueueOrder() throws Exception {
        SdkClients.createTopic(hexmq.clients(), "sdk-mixed-sdk-to-orderly", 2);
        Map<Integer, List<Integer>> sequences = new ConcurrentHashMap<>();
        DefaultMQPushConsumer official = configure(new DefaultMQPushConsumer("sdk-mixed-sdk-to-orderly-cg"),
                "official-orderly");
        official.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        official.subscribe("sdk-mixed-sdk-to-orderly", "*");
        official.registerMessageListener((MessageListenerOrderly) (messages, context) -> {
            for (MessageExt message : messages) {
                sequences.computeIfAbsent(message.getQueueId(),
                        q -> java.util.Collections.synchronizedList(new java.util.ArrayList<>()))
                        .add(Integer.parseInt(message.getUserProperty("seq")));
            }
            return ConsumeOrderlyStatus.SUCCESS;
        });
        try (Producer producer = hexmq.clients().newProducer().group("sdk-mixed-orderly-pg")
                .sendTimeout(Duration.ofSeconds(10)).build()) {
            official.start();
            for (int seq = 0; seq < 20; seq++) {
                for (int queue = 0; queue < 2; queue++) {
                    int target = queue;
                    producer.send(Message.builder("sdk-mixed-sdk-to-orderly").body("s-" + seq)
                            .property("seq", Integer.toString(seq)).build(), (queues, m, arg) -> queues.get(target), null);
                }
            }
            Await.until("every message is consumed in order", () -> sequences.values().stream()
                    .mapToInt(List::size).sum() == 40);
        } finally {
            official.shutdown();
        }
        sequences.values().forEach(sequence -> assertThat(sequence).isSorted().hasSize(20));
    }
}

package io.hexmq.compat4x;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.TopicSettings;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.RPCHook;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ACL 2.0 with the 4.9.x client's own {@code AclClientRPCHook} (rocketmq-acl 4.9.8), which signs the request
 * header's fields rather than the ext fields the 5.x hook signs: both come out alike on the wire, so a 4.x
 * application moves to a hexmq broker with authentication and authorization on unchanged.
 */
class AclCompatibility4xIT {

    private static final String TOPIC = "acl-4x";

    @RegisterExtension
    static final StandaloneExtension<AutoCloseable> HEXMQ = StandaloneExtension.onFileStore().withSettings(Map.of(
            "authenticationEnabled", "true",
            "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"rocketmq\",\"password\":\"12345678\"}"));

    private final List<Runnable> shutdowns = new java.util.ArrayList<>();

    @BeforeAll
    static void createUserAndTopic() {
        try (HexmqClient root = HexmqClient.builder().nameServers(HEXMQ.server().nameServer())
                .credentials("rocketmq", "12345678").build()) {
            String cluster = HEXMQ.server().clusterName();
            root.admin().createOrUpdateTopic(cluster, TopicSettings.of(TOPIC, 2));
            root.aclAdmin().createUser(cluster, "legacy", "legacy-secret", false);
            root.aclAdmin().putAcl(cluster, "legacy", List.of("Topic:" + TOPIC, "Group:*"), List.of("Pub", "Sub"),
                    List.of(), "Allow");
        }
    }

    @AfterEach
    void stop() {
        shutdowns.forEach(Runnable::run);
    }

    private static RPCHook hook(String accessKey, String secretKey) {
        return new AclClientRPCHook(new SessionCredentials(accessKey, secretKey));
    }

    private DefaultMQProducer producer(String group, RPCHook hook) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer(group, hook);
        producer.setNamesrvAddr(HEXMQ.server().nameServer());
        producer.setInstanceName("acl-4x-" + System.nanoTime());
        producer.setSendMsgTimeout(5_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        shutdowns.add(producer::shutdown);
        return producer;
    }

    private static Message message(String body) {
        return new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void signed4xProducerAndConsumer_exchangeMessages() throws Exception {
        DefaultMQProducer producer = producer("pg-acl-4x", hook("legacy", "legacy-secret"));
        Await.until("the route of " + TOPIC, () -> {
            try {
                return !producer.fetchPublishMessageQueues(TOPIC).isEmpty();
            } catch (Exception notYet) {
                return false;
            }
        });
        for (int i = 0; i < 3; i++) {
            assertThat(producer.send(message("m" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
        Set<String> consumed = ConcurrentHashMap.newKeySet();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("cg-acl-4x", hook("legacy", "legacy-secret"),
                new AllocateMessageQueueAveragely());
        consumer.setNamesrvAddr(HEXMQ.server().nameServer());
        consumer.setInstanceName("acl-4x-consumer-" + System.nanoTime());
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(m -> consumed.add(new String(m.getBody(), StandardCharsets.UTF_8)));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        shutdowns.add(consumer::shutdown);

        Await.until("the signed 4.x consumer gets the 3 messages", () -> consumed.containsAll(List.of("m0", "m1", "m2")));
    }

    @Test
    void refusesA4xProducerWithTheWrongSecret() throws Exception {
        DefaultMQProducer producer = producer("pg-acl-4x-wrong", hook("legacy", "guess"));

        assertThatThrownBy(() -> producer.send(message("x"))).hasStackTraceContaining("check signature failed");
    }
}

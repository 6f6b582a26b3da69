package io.hexmq.compatproxy;

import static io.hexmq.compatproxy.GrpcClients.body;
import static io.hexmq.compatproxy.GrpcClients.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.QueueStatus;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.apis.consumer.ConsumeResult;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The 5.x PushConsumer through the official proxy: consumption, redelivery of a failure, the DLQ. */
class PushConsumerThroughProxyIT {

    private static final Duration BOUND = Duration.ofSeconds(60);

    @RegisterExtension
    static final HexmqBehindProxy PROXY = new HexmqBehindProxy();

    @Test
    void pushConsumer_consumesEveryMessageOnce() throws Exception {
        PROXY.servers().createTopic("ProxyPush", "NORMAL", 2);
        List<String> consumed = new CopyOnWriteArrayList<>();
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxyPush");
            clients.pushConsumer("cg-proxy-push", "ProxyPush", FilterExpression.SUB_ALL, GrpcClients.succeeding(consumed));
            for (int i = 0; i < 10; i++) {
                producer.send(clients.message("ProxyPush").setBody(bytes("push-" + i)).build());
            }

            Await.until("10 messages consumed", BOUND, () -> consumed.size() >= 10);
        }
        assertThat(consumed).doesNotHaveDuplicates().hasSize(10);
    }

    @Test
    void failedMessage_isDeliveredAgain_withItsAttemptRaised() throws Exception {
        PROXY.servers().createTopic("ProxyPushRetry", "NORMAL", 1);
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxyPushRetry");
            clients.pushConsumer("cg-proxy-push-retry", "ProxyPushRetry", FilterExpression.SUB_ALL, view -> {
                attempts.add(view.getDeliveryAttempt());
                return view.getDeliveryAttempt() == 1 ? ConsumeResult.FAILURE : ConsumeResult.SUCCESS;
            });
            producer.send(clients.message("ProxyPushRetry").setBody(bytes("fails once")).build());

            Await.until("the failed message delivered again", BOUND, () -> attempts.size() >= 2);
        }
        assertThat(attempts).startsWith(1, 2);
    }

    @Test
    void messageFailingEveryAttempt_goesToTheGroupsDeadLetterQueue() throws Exception {
        PROXY.servers().createTopic("ProxyPushDlq", "NORMAL", 1);
        PROXY.servers().createGroup("cg-proxy-push-dlq", false, 1);
        Set<Integer> attempts = ConcurrentHashMap.newKeySet();
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint());
             HexmqClient admin = HexmqClient.builder().nameServers(PROXY.servers().nameServer()).build()) {
            Producer producer = clients.producer("ProxyPushDlq");
            clients.pushConsumer("cg-proxy-push-dlq", "ProxyPushDlq", FilterExpression.SUB_ALL, view -> {
                attempts.add(view.getDeliveryAttempt());
                return ConsumeResult.FAILURE;
            });
            producer.send(clients.message("ProxyPushDlq").setBody(bytes("always fails")).build());

            Await.until("the message in %DLQ%cg-proxy-push-dlq", BOUND, () -> dlqMessages(admin) == 1);
        }
        assertThat(attempts).containsExactlyInAnyOrder(1, 2);
    }

    private static long dlqMessages(HexmqClient admin) {
        try {
            return admin.admin().topicStatus("%DLQ%cg-proxy-push-dlq").stream()
                    .mapToLong(queue -> queue.maxOffset() - queue.minOffset()).sum();
        } catch (RuntimeException notYet) {
            return 0;
        }
    }
}

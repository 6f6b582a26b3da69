package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.bootstrap.sdk.SdkClients.ClientWithProducer;
import io.hexmq.client.ConsumeResult;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.PushConsumer;
import io.hexmq.client.QueueProgress;
import io.hexmq.client.internal.push.DefaultPushConsumer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How the SDK's push consumer manages its queues against a real hexmq standalone: flow control (a
 * queue stops being pulled while too many of its messages wait for the listener), offsets reset by an
 * admin (RESET_CONSUMER_CLIENT_OFFSET), and orderly retry in place.
 */
class PushConsumerQueueControlIT {

    private static final long TIMEOUT = 10_000;

    @RegisterExtension
    static final StandaloneExtension<ClientWithProducer> hexmq = StandaloneExtension.onFileStore()
            .withClients(SdkClients.withProducer("sdk-control-pg"));

    private static void send(String topic, String body) {
        hexmq.clients().producer().send(Message.builder(topic).body(body).build());
    }

    @Test
    void aQueueIsNotPulledWhileMaxCachedMessagesWait_andPullingResumesWhenTheListenerDrains() throws Exception {
        String topic = "sdk-flow";
        SdkClients.createTopic(hexmq.clients().client(), topic, 1);
        for (int i = 0; i < 20; i++) {
            send(topic, "f-" + i);
        }
        MessageQueue queue = new MessageQueue(topic, hexmq.server().brokerName(), 0);
        CountDownLatch release = new CountDownLatch(1);
        Map<String, Integer> received = new ConcurrentHashMap<>();
        try (PushConsumer consumer = hexmq.clients().client().newPushConsumer().group("sdk-flow-cg")
                .subscribe(topic, "*")
                .consumeFromFirstOffset()
                .maxCachedMessagesPerQueue(5)
                .pullBatchSize(5)
                .consumeThreads(1)
                .concurrentListener(message -> {
                    try {
                        if (!release.await(30, TimeUnit.SECONDS)) {
                            return ConsumeResult.RECONSUME_LATER;
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return ConsumeResult.RECONSUME_LATER;
                    }
                    received.merge(message.bodyAsString(), 1, Integer::sum);
                    return ConsumeResult.SUCCESS;
                })
                .build()) {
            DefaultPushConsumer internals = (DefaultPushConsumer) consumer;

            Await.until("a pull put off by flow control", () -> state(internals, queue).flowControlPauses() > 0);
            DefaultPushConsumer.QueueState paused = state(internals, queue);
            // Three more put-off pulls, and not one PULL_MESSAGE in between: the queue is not being pulled.
            Await.until("more put-off pulls", () -> state(internals, queue).flowControlPauses()
                    >= paused.flowControlPauses() + 3);
            DefaultPushConsumer.QueueState stillPaused = state(internals, queue);
            assertThat(stillPaused.pulls()).isEqualTo(paused.pulls());
            assertThat(stillPaused.cachedMessages()).isGreaterThanOrEqualTo(5);
            assertThat(received).isEmpty();

            release.countDown();
            Await.until("all 20 consumed", () -> received.size() == 20);
            assertThat(state(internals, queue).pulls()).isGreaterThan(paused.pulls());
        }
        assertThat(received.values()).allSatisfy(count -> assertThat(count).isEqualTo(1));
    }

    private static DefaultPushConsumer.QueueState state(DefaultPushConsumer consumer, MessageQueue queue) {
        return consumer.queueState(queue).orElse(new DefaultPushConsumer.QueueState(0, 0, 0));
    }

    @Test
    void anAdminResetByTimeMovesTheConsumerBack_andItReceivesTheMessagesAgain() throws Exception {
        String topic = "sdk-reset";
        String group = "sdk-reset-cg";
        SdkClients.createTopic(hexmq.clients().client(), topic, 2);
        long before = System.currentTimeMillis();
        for (int i = 0; i < 6; i++) {
            send(topic, "r-" + i);
        }
        Map<String, Integer> deliveries = new ConcurrentHashMap<>();
        DefaultMQProducer official = new DefaultMQProducer("sdk-reset-admin-pg");
        official.setNamesrvAddr(hexmq.server().nameServer());
        official.setInstanceName("sdk-reset-admin-" + System.nanoTime());
        official.start();
        try (PushConsumer consumer = hexmq.clients().client().newPushConsumer().group(group)
                .subscribe(topic, "*")
                .consumeFromFirstOffset()
                .commitInterval(Duration.ofMillis(200))
                .concurrentListener(message -> {
                    deliveries.merge(message.bodyAsString(), 1, Integer::sum);
                    return ConsumeResult.SUCCESS;
                })
                .build()) {
            Await.until("6 consumed", () -> deliveries.size() == 6);
            Await.until("offsets committed", () -> committedLag(group, topic) == 0);
            MQClientAPIImpl admin = official.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();

            Map<org.apache.rocketmq.common.message.MessageQueue, Long> reset = admin.invokeBrokerToResetOffset(
                    hexmq.server().broker(), topic, group, before - 1_000, true, TIMEOUT);

            assertThat(reset).hasSize(2).allSatisfy((queue, offset) -> assertThat(offset).isZero());
            Await.until("every message delivered again",
                    () -> deliveries.size() == 6 && deliveries.values().stream().allMatch(count -> count >= 2));
            assertThat(consumer.assignment()).filteredOn(q -> q.topic().equals(topic)).hasSize(2);
        } finally {
            official.shutdown();
        }
    }

    private static long committedLag(String group, String topic) {
        try {
            List<QueueProgress> queues = hexmq.clients().client().admin().consumerProgress(group).queues().stream()
                    .filter(q -> q.queue().topic().equals(topic)).toList();
            return queues.size() == 2 ? queues.stream().mapToLong(QueueProgress::lag).sum() : -1;
        } catch (RuntimeException notYet) {
            return -1;
        }
    }

    @Test
    void anOrderlyMessageFailingOnceIsRedeliveredBeforeTheLaterMessagesOfItsQueue() {
        String topic = "sdk-orderly-retry";
        SdkClients.createTopic(hexmq.clients().client(), topic, 1);
        for (int i = 0; i < 5; i++) {
            send(topic, "o-" + i);
        }
        List<String> calls = new CopyOnWriteArrayList<>();
        AtomicInteger failuresLeft = new AtomicInteger(1);
        try (PushConsumer consumer = hexmq.clients().client().newPushConsumer().group("sdk-orderly-retry-cg")
                .subscribe(topic, "*")
                .consumeFromFirstOffset()
                .orderlySuspend(Duration.ofMillis(100))
                .orderlyListener(message -> {
                    calls.add(message.bodyAsString());
                    if (message.bodyAsString().equals("o-2") && failuresLeft.getAndDecrement() > 0) {
                        return ConsumeResult.RECONSUME_LATER;
                    }
                    return ConsumeResult.SUCCESS;
                })
                .build()) {
            Await.until("all consumed", () -> calls.contains("o-4"));
        }
        assertThat(calls).containsExactly("o-0", "o-1", "o-2", "o-2", "o-3", "o-4");
    }
}

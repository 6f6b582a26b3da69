package io.hexmq.benchmarks.load;

import io.hexmq.client.Admin;
import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerQueues;
import io.hexmq.client.ConsumeResult;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Message;
import io.hexmq.client.Producer;
import io.hexmq.client.PushConsumer;
import io.hexmq.client.SendStatus;
import io.hexmq.client.TopicSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The hexmq SDK with its defaults but for the send timeout and retries (as {@link OfficialClient}): one
 * {@link HexmqClient} and {@link Producer}, and one client per {@link PushConsumer}, so each consumer
 * has its own connections. The topic is created through {@link Admin#createOrUpdateTopic} on every
 * cluster that has a master in the TBW102 route.
 */
final class SdkClient implements ClientUnderTest {

    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);
    /** The topic whose route names the brokers that accept new topics. */
    private static final String AUTO_CREATE_TOPIC = "TBW102";

    private final String nameServer;
    private final String topic;
    private final String runId;
    private final HexmqClient client;
    private final Producer producer;
    private final List<HexmqClient> consumerClients = new ArrayList<>();
    private final List<PushConsumer> consumers = new ArrayList<>();

    SdkClient(String nameServer, String topic, String runId) {
        this.nameServer = nameServer;
        this.topic = topic;
        this.runId = runId;
        this.client = HexmqClient.builder().nameServers(nameServer).instanceName("bench-producer-" + runId).build();
        this.producer = client.newProducer().group("bench_producers_" + runId)
                .sendTimeout(SEND_TIMEOUT).retries(0).build();
    }

    @Override
    public int createTopic(int queues) throws Exception {
        Admin admin = client.admin();
        Set<String> clusters = new TreeSet<>();
        List<String> masters = new ArrayList<>();
        // A broker that has just started may not have registered yet.
        Await.until("a master broker in the " + AUTO_CREATE_TOPIC + " route", () -> {
            clusters.clear();
            masters.clear();
            try {
                for (BrokerGroup broker : admin.topicRoute(AUTO_CREATE_TOPIC).brokers()) {
                    broker.masterAddress().ifPresent(master -> {
                        masters.add(master);
                        clusters.add(broker.cluster());
                    });
                }
            } catch (HexmqClientException notYet) {
                // no route yet: ask again
            }
            return !masters.isEmpty();
        });
        for (String cluster : clusters) {
            admin.createOrUpdateTopic(cluster, TopicSettings.of(topic, queues));
        }
        long[] routed = new long[1];
        Await.until("route of " + topic + " with " + queues + " queues on " + masters.size() + " broker(s)", () -> {
            routed[0] = routed(admin, queues);
            return routed[0] >= masters.size();
        });
        BenchReport.format("topic %s created on the masters of %s", topic, clusters);
        return (int) routed[0] * queues;
    }

    /** Brokers routing the topic with {@code queues} read and write queues. */
    private long routed(Admin admin, int queues) {
        try {
            return admin.topicRoute(topic).queues().stream()
                    .filter(data -> data.readQueueNums() == queues && data.writeQueueNums() == queues)
                    .map(BrokerQueues::brokerName).distinct().count();
        } catch (HexmqClientException notYet) {
            return 0;
        }
    }

    @Override
    public void startConsumer(BodyListener listener) {
        HexmqClient consumerClient = HexmqClient.builder().nameServers(nameServer)
                .instanceName("bench-consumer-" + consumers.size() + "-" + runId).build();
        consumerClients.add(consumerClient);
        consumers.add(consumerClient.newPushConsumer()
                .group("bench_consumers_" + runId)
                .subscribe(topic, "*")
                .consumeFromFirstOffset()
                .concurrentListener(message -> {
                    listener.consumed(message.body());
                    return ConsumeResult.SUCCESS;
                })
                .build());
    }

    @Override
    public int assignedQueues() {
        int assigned = 0;
        for (PushConsumer consumer : consumers) {
            assigned += (int) consumer.assignment().stream().filter(queue -> queue.topic().equals(topic)).count();
        }
        return assigned;
    }

    @Override
    public boolean send(byte[] body) {
        return producer.send(message(body)).status() == SendStatus.SEND_OK;
    }

    @Override
    public void sendAsync(byte[] body, SendOutcome outcome) {
        producer.sendAsync(message(body)).whenComplete((receipt, failure) -> {
            if (failure != null) {
                outcome.failed(failure);
            } else {
                outcome.completed(receipt.status() == SendStatus.SEND_OK);
            }
        });
    }

    @Override
    public void sendOneway(byte[] body) {
        producer.sendOneway(message(body));
    }

    private Message message(byte[] body) {
        return Message.builder(topic).body(body).build();
    }

    @Override
    public void close() {
        consumers.forEach(PushConsumer::close);
        consumerClients.forEach(HexmqClient::close);
        producer.close();
        client.close();
    }
}

package io.hexmq.compatproxy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.client.apis.ClientConfiguration;
import org.apache.rocketmq.client.apis.ClientException;
import org.apache.rocketmq.client.apis.ClientServiceProvider;
import org.apache.rocketmq.client.apis.consumer.ConsumeResult;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.consumer.MessageListener;
import org.apache.rocketmq.client.apis.consumer.PushConsumer;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.MessageBuilder;
import org.apache.rocketmq.client.apis.message.MessageView;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.client.apis.producer.TransactionChecker;

/**
 * The official 5.x gRPC client's producers and consumers, all of one proxy endpoint, closed together.
 * Each test names its own topic and group, so tests of a class may share one proxy and run side by side.
 */
final class GrpcClients implements AutoCloseable {

    /** The shortest invisible time the proxy accepts for a receive. */
    static final Duration MIN_INVISIBLE = Duration.ofSeconds(10);

    private final ClientServiceProvider provider = ClientServiceProvider.loadService();
    private final ClientConfiguration configuration;
    private final List<AutoCloseable> opened = new ArrayList<>();

    GrpcClients(String endpoint) {
        this.configuration = ClientConfiguration.newBuilder()
                .setEndpoints(endpoint)
                .setRequestTimeout(Duration.ofSeconds(10))
                .build();
    }

    MessageBuilder message(String topic) {
        return provider.newMessageBuilder().setTopic(topic);
    }

    Producer producer(String... topics) throws ClientException {
        return remember(provider.newProducerBuilder().setClientConfiguration(configuration).setTopics(topics).build());
    }

    Producer transactionalProducer(TransactionChecker checker, String... topics) throws ClientException {
        return remember(provider.newProducerBuilder().setClientConfiguration(configuration).setTopics(topics)
                .setTransactionChecker(checker).build());
    }

    SimpleConsumer simpleConsumer(String group, String topic, FilterExpression filter) throws ClientException {
        return remember(provider.newSimpleConsumerBuilder().setClientConfiguration(configuration)
                .setConsumerGroup(group)
                .setAwaitDuration(Duration.ofSeconds(5))
                .setSubscriptionExpressions(Map.of(topic, filter))
                .build());
    }

    PushConsumer pushConsumer(String group, String topic, FilterExpression filter, MessageListener listener)
            throws ClientException {
        return remember(provider.newPushConsumerBuilder().setClientConfiguration(configuration)
                .setConsumerGroup(group)
                .setSubscriptionExpressions(Map.of(topic, filter))
                .setMessageListener(listener)
                .build());
    }

    /**
     * Receives with {@code invisible} until {@code count} messages came or {@code bound} passed, and returns
     * what came, in order, none acked.
     */
    static List<MessageView> receive(SimpleConsumer consumer, int count, Duration invisible, Duration bound)
            throws ClientException {
        List<MessageView> received = new ArrayList<>();
        long deadline = System.nanoTime() + bound.toNanos();
        while (received.size() < count && System.nanoTime() < deadline) {
            received.addAll(consumer.receive(count - received.size(), invisible));
        }
        return received;
    }

    /** {@link #receive} with the proxy's shortest invisible time, each message acked. */
    static List<MessageView> receiveAndAck(SimpleConsumer consumer, int count, Duration bound) throws ClientException {
        List<MessageView> received = receive(consumer, count, MIN_INVISIBLE, bound);
        for (MessageView view : received) {
            consumer.ack(view);
        }
        return received;
    }

    static List<String> bodies(List<MessageView> views) {
        return views.stream().map(GrpcClients::body).toList();
    }

    static MessageListener succeeding(List<String> bodies) {
        return view -> {
            bodies.add(GrpcClients.body(view));
            return ConsumeResult.SUCCESS;
        };
    }

    static String body(MessageView view) {
        return StandardCharsets.UTF_8.decode(view.getBody()).toString();
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private <T extends AutoCloseable> T remember(T client) {
        opened.add(client);
        return client;
    }

    @Override
    public void close() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }
}

package io.hexmq.bootstrap.sdk;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.RunningStandalone;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Producer;
import io.hexmq.client.TopicSettings;
import java.time.Duration;
import java.util.function.Function;

/** Helpers the SDK tests share. */
final class SdkClients {

    /**
     * Room for a busy machine, as the official clients' tests give a send 10 s: a two-core build machine running
     * other builds beside this one may keep a request from being answered within the SDK's default 3 s.
     */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private SdkClients() {
    }

    /** A client with short periods, so tests need not wait for production timers. */
    static HexmqClient client(RunningStandalone server) {
        return HexmqClient.builder()
                .nameServers(server.nameServer())
                .requestTimeout(REQUEST_TIMEOUT)
                .routeRefreshInterval(Duration.ofSeconds(1))
                .heartbeatInterval(Duration.ofSeconds(1))
                .build();
    }

    /** An SDK client of a test class's standalone and the producer the class sends with. */
    record ClientWithProducer(HexmqClient client, Producer producer) implements AutoCloseable {

        /** Closes the client, and with it the producer. */
        @Override
        public void close() {
            client.close();
        }
    }

    /** For {@code StandaloneExtension.withClients}: a {@link #client} and a {@link #producer} of {@code group}. */
    static Function<RunningStandalone, ClientWithProducer> withProducer(String group) {
        return server -> {
            HexmqClient client = client(server);
            try {
                return new ClientWithProducer(client, producer(client, group));
            } catch (RuntimeException e) {
                client.close();
                throw e;
            }
        };
    }

    /** A producer of {@code group} that gives a send 10 s, room for a busy machine. */
    static Producer producer(HexmqClient client, String group) {
        return client.newProducer().group(group).sendTimeout(Duration.ofSeconds(10)).build();
    }

    static String cluster(HexmqClient client) {
        return client.admin().clusters().get(0).cluster();
    }

    /** Creates the topic on the cluster and waits until the NameServer routes it with that many queues. */
    static void createTopic(HexmqClient client, String topic, int queues) {
        client.admin().createOrUpdateTopic(cluster(client), TopicSettings.of(topic, queues));
        Await.until("route of " + topic, () -> routed(client, topic, queues));
    }

    /**
     * Waits until the NameServer routes {@code topic}: a topic that a first send creates reaches it one
     * registration round after the send was answered.
     */
    static void awaitRoute(HexmqClient client, String topic) {
        Await.until("route of " + topic, () -> {
            try {
                return !client.admin().topicRoute(topic).queues().isEmpty();
            } catch (HexmqClientException notYet) {
                return false;
            }
        });
    }

    private static boolean routed(HexmqClient client, String topic, int queues) {
        try {
            return client.admin().topicRoute(topic).queues().stream().anyMatch(q -> q.writeQueueNums() == queues);
        } catch (HexmqClientException notYet) {
            return false;
        }
    }
}

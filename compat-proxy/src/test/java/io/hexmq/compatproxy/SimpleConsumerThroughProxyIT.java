package io.hexmq.compatproxy;

import static io.hexmq.compatproxy.GrpcClients.MIN_INVISIBLE;
import static io.hexmq.compatproxy.GrpcClients.bodies;
import static io.hexmq.compatproxy.GrpcClients.body;
import static io.hexmq.compatproxy.GrpcClients.bytes;
import static io.hexmq.compatproxy.GrpcClients.receive;
import static io.hexmq.compatproxy.GrpcClients.receiveAndAck;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.consumer.FilterExpressionType;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.MessageView;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The 5.x SimpleConsumer through the official proxy: receive, ack, change of invisible time, filters. */
class SimpleConsumerThroughProxyIT {

    private static final Duration BOUND = Duration.ofSeconds(40);

    @RegisterExtension
    static final HexmqBehindProxy PROXY = new HexmqBehindProxy();

    @Test
    void unackedMessage_comesBackAfterItsInvisibleTime_andAnAckedOneDoesNot() throws Exception {
        PROXY.servers().createTopic("ProxySimpleAck", "NORMAL", 1);
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxySimpleAck");
            SimpleConsumer consumer = clients.simpleConsumer("cg-proxy-simple-ack", "ProxySimpleAck",
                    FilterExpression.SUB_ALL);
            producer.send(clients.message("ProxySimpleAck").setBody(bytes("acked")).build());
            producer.send(clients.message("ProxySimpleAck").setBody(bytes("left")).build());
            List<MessageView> first = receive(consumer, 2, MIN_INVISIBLE, BOUND);
            assertThat(bodies(first)).containsExactlyInAnyOrder("acked", "left");
            assertThat(PROXY.servers().subscription("cg-proxy-simple-ack", "ProxySimpleAck"))
                    .as("the popping group, as the broker lists its subscription").isNotNull()
                    .extracting(SubscriptionData::getSubString).isEqualTo("*");
            for (MessageView view : first) {
                if (body(view).equals("acked")) {
                    consumer.ack(view);
                }
            }

            List<MessageView> again = receiveAndAck(consumer, 1, BOUND);

            assertDeliveredAgain(again, "left");
        }
    }

    @Test
    void changedInvisibleDuration_bringsTheMessageBackBeforeTheReceivedOneEnds() throws Exception {
        PROXY.servers().createTopic("ProxySimpleChange", "NORMAL", 1);
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxySimpleChange");
            SimpleConsumer consumer = clients.simpleConsumer("cg-proxy-simple-change", "ProxySimpleChange",
                    FilterExpression.SUB_ALL);
            producer.send(clients.message("ProxySimpleChange").setBody(bytes("sooner")).build());
            List<MessageView> first = receive(consumer, 1, Duration.ofMinutes(5), BOUND);
            assertThat(first).hasSize(1);
            long changedAt = System.nanoTime();

            consumer.changeInvisibleDuration(first.get(0), Duration.ofSeconds(1));
            List<MessageView> again = receiveAndAck(consumer, 1, BOUND);

            assertThat(Duration.ofNanos(System.nanoTime() - changedAt)).isLessThan(Duration.ofMinutes(1));
            assertDeliveredAgain(again, "sooner");
        }
    }

    @Test
    void tagFilter_deliversOnlyTheSelectedTags() throws Exception {
        PROXY.servers().createTopic("ProxyTagFilter", "NORMAL", 1);
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxyTagFilter");
            SimpleConsumer consumer = clients.simpleConsumer("cg-proxy-tag", "ProxyTagFilter",
                    new FilterExpression("TagA || TagC", FilterExpressionType.TAG));
            for (String tag : List.of("TagA", "TagB", "TagC", "TagB")) {
                producer.send(clients.message("ProxyTagFilter").setTag(tag).setBody(bytes(tag)).build());
            }

            assertThat(bodies(receiveAndAck(consumer, 2, BOUND))).containsExactly("TagA", "TagC");
        }
    }

    @Test
    void sql92Filter_deliversOnlyMessagesWhosePropertiesMatch() throws Exception {
        PROXY.servers().createTopic("ProxySqlFilter", "NORMAL", 1);
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer("ProxySqlFilter");
            SimpleConsumer consumer = clients.simpleConsumer("cg-proxy-sql", "ProxySqlFilter",
                    new FilterExpression("colour = 'red' AND size > 2", FilterExpressionType.SQL92));
            String[][] messages = {{"red", "3"}, {"blue", "5"}, {"red", "1"}, {"red", "7"}};
            for (String[] properties : messages) {
                producer.send(clients.message("ProxySqlFilter").addProperty("colour", properties[0])
                        .addProperty("size", properties[1]).setBody(bytes(properties[0] + properties[1])).build());
            }

            assertThat(bodies(receiveAndAck(consumer, 2, BOUND))).containsExactly("red3", "red7");
        }
    }

    private static void assertDeliveredAgain(List<MessageView> received, String body) {
        assertThat(received).singleElement().satisfies(view -> {
            assertThat(body(view)).isEqualTo(body);
            assertThat(view.getDeliveryAttempt()).isEqualTo(2);
        });
    }
}

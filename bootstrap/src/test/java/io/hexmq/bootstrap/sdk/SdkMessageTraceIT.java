package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.OfficialAdminExtension;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.bootstrap.sdk.SdkClients.ClientWithProducer;
import io.hexmq.client.ConsumeResult;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.Message;
import io.hexmq.client.MessageTrace;
import io.hexmq.client.Producer;
import io.hexmq.client.PullConsumer;
import io.hexmq.client.PushConsumer;
import io.hexmq.client.ReceivedMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.trace.TraceView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The SDK's message trace against a broker hosting the trace topic: records written by a traced producer, push
 * consumer and pull consumer read back by the SDK's {@code Admin.messageTrace} (what {@code bin/hexmq admin
 * message trace} prints) and as the official {@code mqadmin queryMsgTraceById} reads them; the traceparent the
 * producer adds reaches the consumer. The untraced producer of the class writes neither.
 */
class SdkMessageTraceIT {

    private static final String TRACE_TOPIC = "RMQ_SYS_TRACE_TOPIC";
    private static final String TOPIC = "sdk-traced";

    @RegisterExtension
    final StandaloneExtension<ClientWithProducer> hexmq = StandaloneExtension.onFileStore()
            .withSettings(Map.of("traceTopicEnable", "true", "autoCreateTopicEnable", "false",
                    "regionId", "eu-test"))
            .withClients(SdkClients.withProducer("sdk-untraced-pg"));

    @RegisterExtension
    final OfficialAdminExtension admin = OfficialAdminExtension.of(hexmq, "it-sdk-trace");

    private List<TraceView> officialTrace(String msgId) {
        return OfficialClients.traceOf(admin.get(), TRACE_TOPIC, msgId);
    }

    private static List<String> types(List<TraceView> trace) {
        return trace.stream().map(TraceView::getMsgType).toList();
    }

    @Test
    void aTracedSend_pushConsumption_andPoll_areReadBackByMessageId_byTheSdkAndTheOfficialAdmin() {
        HexmqClient client = hexmq.clients().client();
        SdkClients.createTopic(client, TOPIC, 1);
        List<ReceivedMessage> pushed = new CopyOnWriteArrayList<>();
        try (Producer producer = client.newProducer().group("sdk-traced-pg").enableTrace().build();
             PushConsumer consumer = client.newPushConsumer().group("sdk-traced-cg").subscribe(TOPIC, "*")
                     .consumeFromFirstOffset().enableTrace()
                     .concurrentListener(message -> {
                         pushed.add(message);
                         return ConsumeResult.SUCCESS;
                     }).build();
             PullConsumer poller = client.newPullConsumer().group("sdk-traced-lite").enableTrace().build()) {
            String msgId = producer.send(Message.builder(TOPIC).body("traced").tags("TagT").keys("order-7").build())
                    .msgId();
            Await.until("the push consumer gets the message", () -> !pushed.isEmpty());
            poller.assign(poller.queues(TOPIC));
            poller.seekToBeginning(poller.queues(TOPIC));
            Await.until("a poll returns the message", () -> !poller.poll(Duration.ofMillis(200)).isEmpty());

            assertThat(pushed.get(0).properties().get("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
            Await.until("the send and both consumptions are traced", () -> {
                MessageTrace trace = client.admin().messageTrace(msgId);
                return trace.sends().size() == 1 && trace.consumptions().size() == 2
                        && trace.consumptions().stream().allMatch(consumption -> consumption.success().isPresent());
            });
            MessageTrace trace = client.admin().messageTrace(msgId);
            MessageTrace.Send send = trace.sends().get(0);
            assertThat(send.group()).isEqualTo("sdk-traced-pg");
            assertThat(send.topic()).isEqualTo(TOPIC);
            assertThat(send.tags()).isEqualTo("TagT");
            assertThat(send.keys()).isEqualTo("order-7");
            assertThat(send.storeHost()).isEqualTo(hexmq.server().broker());
            assertThat(send.region()).isEqualTo("eu-test");
            assertThat(send.bodyLength()).isEqualTo(6);
            assertThat(send.success()).isTrue();
            assertThat(trace.consumptions()).extracting(MessageTrace.Consumption::group)
                    .containsExactlyInAnyOrder("sdk-traced-cg", "sdk-traced-lite");
            assertThat(trace.consumptions()).allSatisfy(consumption -> {
                assertThat(consumption.success()).contains(true);
                assertThat(consumption.retryTimes()).isZero();
                assertThat(consumption.region()).isEqualTo("eu-test");
            });

            Await.until("the official admin reads the same records",
                    () -> types(officialTrace(msgId)).size() == 5);
            List<TraceView> official = officialTrace(msgId);
            assertThat(types(official)).containsExactlyInAnyOrder("Pub", "SubBefore", "SubAfter", "SubBefore",
                    "SubAfter");
            TraceView pub = official.stream().filter(view -> view.getMsgType().equals("Pub")).findFirst().orElseThrow();
            assertThat(pub.getGroupName()).isEqualTo("sdk-traced-pg");
            assertThat(pub.getKeys()).isEqualTo("order-7");
            assertThat(pub.getStatus()).isEqualTo("success");
            assertThat(pub.getStoreHost()).isEqualTo(hexmq.server().broker());
            assertThat(official).filteredOn(view -> view.getMsgType().equals("SubAfter"))
                    .extracting(TraceView::getGroupName, TraceView::getStatus)
                    .containsExactlyInAnyOrder(tuple("sdk-traced-cg", "success"),
                            tuple("sdk-traced-lite", "success"));
        }
    }

    @Test
    void aProducerWithoutTrace_addsNoTraceparent_andWritesNoRecord_whileATracedOneKeepsTheUsersTraceparent() {
        HexmqClient client = hexmq.clients().client();
        SdkClients.createTopic(client, TOPIC, 1);
        String userTraceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        try (Producer traced = client.newProducer().group("sdk-traced-pg").enableTrace().build();
             PullConsumer poller = client.newPullConsumer().group("sdk-untraced-lite").build()) {
            String untracedId = hexmq.clients().producer().send(Message.builder(TOPIC).body("plain").build()).msgId();
            String tracedId = traced.send(Message.builder(TOPIC).body("joined")
                    .property("traceparent", userTraceparent).build()).msgId();

            poller.assign(poller.queues(TOPIC));
            poller.seekToBeginning(poller.queues(TOPIC));
            List<ReceivedMessage> received = new CopyOnWriteArrayList<>();
            Await.until("both messages are polled", () -> {
                received.addAll(poller.poll(Duration.ofMillis(200)));
                return received.size() == 2;
            });
            assertThat(received).filteredOn(message -> message.msgId().equals(untracedId))
                    .allSatisfy(message -> assertThat(message.properties()).doesNotContainKey("traceparent"));
            assertThat(received).filteredOn(message -> message.msgId().equals(tracedId))
                    .allSatisfy(message -> assertThat(message.properties())
                            .containsEntry("traceparent", userTraceparent));

            Await.until("the traced send is traced", () -> !client.admin().messageTrace(tracedId).isEmpty());
            assertThat(client.admin().messageTrace(untracedId).isEmpty()).isTrue();
            assertThat(officialTrace(untracedId)).isEmpty();
            assertThat(types(officialTrace(tracedId))).containsExactly("Pub");
        }
    }
}

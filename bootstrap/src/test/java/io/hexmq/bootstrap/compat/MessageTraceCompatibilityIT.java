package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.admin.AdminCli;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.trace.TraceType;
import org.apache.rocketmq.client.trace.TraceView;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The official client's message trace against a broker that hosts the trace topic ({@code traceTopicEnable}),
 * read back as the official {@code mqadmin queryMsgTraceById} reads it: the trace topic queried by the message
 * id, each record decoded by the client's {@link TraceView}, and as {@code bin/hexmq admin message trace} prints
 * it. Topics cannot be created by sending here, so the trace topic exists only because the broker made it.
 */
class MessageTraceCompatibilityIT {

    private static final String TRACE_TOPIC = "RMQ_SYS_TRACE_TOPIC";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore()
            .withSettings(Map.of("traceTopicEnable", "true", "autoCreateTopicEnable", "false",
                    "regionId", "eu-test"))
            .withOfficialClients();

    @RegisterExtension
    final OfficialAdminExtension admin = OfficialAdminExtension.of(hexmq, "it-trace");

    @Test
    void aTracedSendAndItsConsumption_areReadBackByMessageId() throws Exception {
        DefaultMQProducer producer = hexmq.clients().tracedProducer("pg-traced", TRACE_TOPIC);
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "TracedTopic", 1);
        Message message = new Message("TracedTopic", "TagT", "order-7", "traced".getBytes(StandardCharsets.UTF_8));
        SendResult sent = producer.send(message);
        assertThat(sent.getRegionId()).isEqualTo("eu-test");

        List<MessageExt> consumed = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-traced");
        consumer.setEnableTrace(true);
        consumer.setTraceTopic(TRACE_TOPIC);
        consumer.subscribe("TracedTopic", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            consumed.addAll(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        Await.until("the traced message is consumed", () -> !consumed.isEmpty());
        assertThat(consumed.get(0).getProperty("MSG_REGION")).isEqualTo("eu-test");

        String msgId = sent.getMsgId();
        Await.until("the send and the consumption are traced", () -> traceOf(msgId).stream()
                .map(TraceView::getMsgType).toList().containsAll(List.of(TraceType.Pub.name(),
                        TraceType.SubAfter.name())));
        List<TraceView> trace = traceOf(msgId);
        TraceView pub = only(trace, TraceType.Pub);
        assertThat(pub.getGroupName()).isEqualTo("pg-traced");
        assertThat(pub.getTopic()).isEqualTo("TracedTopic");
        assertThat(pub.getTags()).isEqualTo("TagT");
        assertThat(pub.getKeys()).isEqualTo("order-7");
        assertThat(pub.getStatus()).isEqualTo("success");
        assertThat(pub.getStoreHost()).isEqualTo(hexmq.server().broker());
        TraceView subAfter = only(trace, TraceType.SubAfter);
        assertThat(subAfter.getGroupName()).isEqualTo("cg-traced");
        assertThat(subAfter.getStatus()).isEqualTo("success");

        AdminCli.Result printed = new AdminCli(hexmq.server().nameServer()).run("message", "trace", msgId, "--json");
        assertThat(printed.exitCode()).as("%s", printed).isZero();
        List<JsonObject> steps = printed.json().getAsJsonArray().asList().stream()
                .map(JsonElement::getAsJsonObject).toList();
        assertThat(steps).extracting(step -> step.get("type").getAsString()).containsExactly("Pub", "Sub");
        assertThat(steps.get(0).get("group").getAsString()).isEqualTo("pg-traced");
        assertThat(steps.get(0).get("storeHost").getAsString()).isEqualTo(hexmq.server().broker());
        assertThat(steps.get(0).get("status").getAsString()).isEqualTo("success");
        assertThat(steps.get(1).get("group").getAsString()).isEqualTo("cg-traced");
        assertThat(steps.get(1).get("status").getAsString()).isEqualTo("success");
        assertThat(steps.get(1).get("retryTimes").getAsInt()).isZero();
        AdminCli.Result table = new AdminCli(hexmq.server().nameServer()).run("message", "trace", msgId);
        assertThat(table.outLines().get(0)).matches("TYPE +GROUP +CLIENT +TIME +COST +STATUS +DETAIL");
        assertThat(table.outLines()).hasSize(3);
    }

    private List<TraceView> traceOf(String msgId) {
        return OfficialClients.traceOf(admin.get(), TRACE_TOPIC, msgId);
    }

    private static TraceView only(List<TraceView> trace, TraceType type) {
        List<TraceView> ofType = trace.stream().filter(view -> view.getMsgType().equals(type.name())).toList();
        assertThat(ofType).as("%s rows of %s", type, trace).hasSize(1);
        return ofType.get(0);
    }
}

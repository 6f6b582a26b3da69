package io.hexmq.client.internal.producer;

import static io.hexmq.client.internal.testing.FakeNameServer.broker;
import static io.hexmq.client.internal.testing.FakeNameServer.route;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.Message;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.testing.FakeNameServer;
import io.hexmq.client.internal.testing.FakeNetwork;
import io.hexmq.client.internal.testing.ManualTime;
import io.hexmq.client.internal.testing.TestClients;
import io.hexmq.client.internal.trace.ProducerTracing;
import io.hexmq.client.internal.trace.TraceDispatcher;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.remoting.header.SendMessageHeader;
import io.hexmq.remoting.header.SendMessageResponseHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A producer with trace on: what it adds to the messages it sends, and the Pub records it writes. */
class TracedProducerTest {

    private static final String MASTER = "10.0.0.1:10911";

    private final ManualTime time = new ManualTime();
    private final FakeNetwork network = new FakeNetwork()
            .succeed(RequestCode.HEART_BEAT)
            .succeed(RequestCode.UNREGISTER_CLIENT);
    private final ClientInstance instance = TestClients.instance(network, time);
    private final List<Message> traceMessages = new CopyOnWriteArrayList<>();
    private boolean brokerTraces = true;

    TracedProducerTest() {
        new FakeNameServer(network).topic("orders", route(1, broker("broker-a", MASTER)));
        network.serve(RequestCode.SEND_MESSAGE_V2, (address, request) ->
                RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                        .extField(SendMessageResponseHeader.MSG_ID, "OFFSET1")
                        .extField(SendMessageResponseHeader.QUEUE_ID, 0)
                        .extField(SendMessageResponseHeader.QUEUE_OFFSET, 7)
                        .extField(SendMessageResponseHeader.MSG_REGION, "eu")
                        .extField(SendMessageResponseHeader.TRACE_ON, brokerTraces)
                        .build());
    }

    private DefaultProducer producer(boolean traced) {
        ProducerSettings settings = new ProducerSettings("pg", ProducerSettings.DEFAULT_SEND_TIMEOUT, 0,
                ProducerSettings.DEFAULT_TOPIC_QUEUE_NUMS, ProducerSettings.DEFAULT_MAX_MESSAGE_SIZE);
        ProducerTracing tracing = traced ? ProducerTracing.on("pg", new TraceDispatcher("pg", "RMQ_SYS_TRACE_TOPIC",
                16, message -> {
                    traceMessages.add(message);
                    return CompletableFuture.completedFuture(null);
                }, () -> { })) : ProducerTracing.off("pg");
        return new DefaultProducer(instance, settings, tracing);
    }

    private Map<String, String> sentProperties(int index) {
        RemotingCommand request = network.calls(RequestCode.SEND_MESSAGE_V2).get(index).request();
        return MessageProperties.decode(request.header(SendMessageHeader.spellingOf(request.code()))
                .stringOf(SendMessageHeader.PROPERTIES));
    }

    private String writtenRecords() {
        return String.join("", traceMessages.stream()
                .map(message -> new String(message.body(), StandardCharsets.UTF_8)).toList());
    }

    @Test
    void aStoredMessage_getsATraceparent_andAPubRecordKeyedByItsIdAndKeys() {
        DefaultProducer producer = producer(true);

        SendReceipt receipt = producer.send(Message.builder("orders").body("hello").tags("TagA").keys("k1").build());
        producer.close();

        assertThat(sentProperties(0).get("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
        String[] pub = writtenRecords().split("\u0002")[0].split("\u0001", -1);
        assertThat(pub).hasSize(14);
        assertThat(List.of(pub[0], pub[2], pub[3], pub[4], pub[5], pub[6], pub[7], pub[8], pub[9], pub[11], pub[12],
                pub[13])).containsExactly("Pub", "eu", "pg", "orders", receipt.msgId(), "TagA", "k1", MASTER, "5",
                "0", "OFFSET1", "true");
        assertThat(traceMessages.get(0).keys()).containsExactly(receipt.msgId(), "k1");
    }

    @Test
    void aTraceparentTheApplicationSet_isKept() {
        DefaultProducer producer = producer(true);
        String own = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

        producer.send(Message.builder("orders").body("hello").property("traceparent", own).build());
        producer.close();

        assertThat(sentProperties(0)).containsEntry("traceparent", own);
    }

    @Test
    void withoutTrace_orWhenTheBrokerSaysTraceIsOff_noRecordIsWritten() {
        DefaultProducer untraced = producer(false);
        untraced.send(Message.builder("orders").body("hello").build());
        untraced.close();
        brokerTraces = false;
        DefaultProducer traced = producer(true);
        traced.send(Message.builder("orders").body("hello").build());
        traced.close();

        assertThat(sentProperties(0)).doesNotContainKey("traceparent");
        assertThat(writtenRecords()).isEmpty();
    }
}

package io.hexmq.client.internal.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.ConsumeResult;
import io.hexmq.client.Message;
import io.hexmq.client.ReceivedMessage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ConsumeTracingTest {

    private static final String ID = "7F00000100002A9F0000000000000001";

    private final List<Message> sent = new CopyOnWriteArrayList<>();
    private final AtomicLong clock = new AtomicLong(2000);
    private final ConsumeTracing tracing = ConsumeTracing.on("cg", new TraceDispatcher("cg", "RMQ_SYS_TRACE_TOPIC",
            16, message -> {
                sent.add(message);
                return CompletableFuture.completedFuture(null);
            }, () -> { }), () -> "REQ1", clock::get);

    private static ReceivedMessage message(Map<String, String> properties) {
        return new ReceivedMessage("Orders", 0, 0, ID, "OFFSET1", 0, new byte[1], properties, 0, 0, "10.0.0.1:5000",
                0, "10.0.0.9:10911", 2);
    }

    private List<String> written() {
        tracing.close();
        String body = String.join("", sent.stream()
                .map(message -> new String(message.body(), StandardCharsets.UTF_8)).toList());
        return List.of(body.split("\u0002"));
    }

    private static String record(String... fields) {
        return String.join("\u0001", fields);
    }

    @Test
    void aListenerAnswer_isTracedAsSubBeforeAndSubAfter_withCostAndReconsumeTimes() {
        var delivery = tracing.delivering(message(Map.of("MSG_REGION", "eu", "KEYS", "k1")));
        clock.addAndGet(12);
        tracing.answered(delivery, ConsumeResult.SUCCESS);

        assertThat(written()).containsExactly(record("SubBefore", "2000", "eu", "cg", "REQ1", ID, "2", "k1"),
                record("SubAfter", "REQ1", ID, "12", "true", "k1", "0", "2012", "cg"));
    }

    @Test
    void aFailure_aMissingAnswer_andAThrow_areUnsuccessful_withRocketMQsConsumeReturnTypes() {
        tracing.answered(tracing.delivering(message(Map.of())), ConsumeResult.RECONSUME_LATER);
        tracing.answered(tracing.delivering(message(Map.of())), null);
        tracing.threw(tracing.delivering(message(Map.of())));

        assertThat(written()).filteredOn(record -> record.startsWith("SubAfter"))
                .extracting(record -> record.split("\u0001")[4] + "/" + record.split("\u0001")[6])
                .containsExactly("false/4", "false/3", "false/2");
    }

    @Test
    void aMessageStampedTraceOff_andAnyMessageOfAConsumerWithoutTrace_writeNothing() {
        tracing.answered(tracing.delivering(message(Map.of("TRACE_ON", "false"))), ConsumeResult.SUCCESS);
        ConsumeTracing off = ConsumeTracing.off("cg");
        off.answered(off.delivering(message(Map.of())), ConsumeResult.SUCCESS);

        assertThat(written()).containsExactly("");
    }

    @Test
    void aPoll_isTracedAsTheLitePullConsumerDoes_aSubBeforeAndASuccessfulSubAfterEach() {
        tracing.polled(List.of(message(Map.of("MSG_REGION", "eu"))));

        assertThat(written()).containsExactly(record("SubBefore", "2000", "eu", "cg", "REQ1", ID, "2", "null"),
                record("SubAfter", "REQ1", ID, "0", "true", "null", "0", "2000", "cg"));
    }
}

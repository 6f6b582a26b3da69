package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.send;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.OffsetMessageId;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** What a send reports for {@code rocketmq_message_size}: the stored size, by the producer's topic and message kind. */
class SendMessageSizesTest {

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 4);

    @Test
    void recordsTheStoredSizeOfEachMessage_byTopicAndType() {
        SendMessage.Result result = joined(mb.sendMessage.send(send(TOPIC, 0, "hello", properties("TAGS", "A"))));

        int stored = mb.store.lookup(OffsetMessageId.decode(result.msgId()).commitLogOffset()).orElseThrow()
                .remaining();
        assertThat(mb.broker.distributions.sizes()).containsExactly(TOPIC + "/normal/" + stored);
    }

    @Test
    void tellsFifoDelayAndTransactionMessages_fromTheirProperties_asRocketMqDoes() {
        joined(mb.sendMessage.send(send(TOPIC, 0, "x", properties("__SHARDINGKEY", "order-1"))));
        joined(mb.sendMessage.send(send(TOPIC, 0, "x", properties("DELAY", "3"))));
        joined(mb.sendMessage.send(send(TOPIC, 0, "x", properties("TIMER_DELAY_SEC", "30"))));
        joined(mb.sendMessage.send(send(TOPIC, 0, "x", properties("TRAN_MSG", "true", "PGROUP", "PG"))));

        assertThat(mb.broker.distributions.sizes()).extracting(s -> s.split("/")[0] + "/" + s.split("/")[1])
                .containsExactly(TOPIC + "/fifo", TOPIC + "/delay", TOPIC + "/delay", TOPIC + "/transaction");
    }

    @Test
    void recordsABatch_asItsBytesOverItsMessages() {
        SendMessage.Command batch = new SendMessage.Command("PG", TOPIC, "TBW102", 4, 1, 0, 1L, 0,
                properties("WAIT", "true"), 0, false, OptionalInt.empty(), MessageBroker.PRODUCER, new byte[0], true,
                List.of(new SendMessage.BatchEntry(0, "a".getBytes(), properties("UNIQ_KEY", "A")),
                        new SendMessage.BatchEntry(0, "bbbb".getBytes(), properties("UNIQ_KEY", "B"))));

        joined(mb.sendMessage.send(batch));

        long bytes = mb.statistics.snapshot().putSizeTotal();
        assertThat(mb.broker.distributions.sizes()).containsExactly(TOPIC + "/normal/" + bytes / 2);
    }

    @Test
    void recordsNothing_forRetrySends_orRefusedOnes() {
        joined(mb.sendMessage.send(send("%RETRY%CG", 0, "x", "")));
        joined(mb.sendMessage.send(send(TOPIC, 99, "x", "")));

        assertThat(mb.broker.distributions.sizes()).isEmpty();
    }
}

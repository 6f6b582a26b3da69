package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.send;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.StoredMessage;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SendMessageBackTest {

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 1);

    private long sent() {
        SendMessage.Result result = joined(mb.sendMessage.send(send(TOPIC, 0, "body",
                properties("UNIQ_KEY", "U", "TAGS", "T"))));
        return OffsetMessageId.decode(result.msgId()).commitLogOffset();
    }

    private StoredMessage only(String topic) {
        ByteBuffer record = mb.store.read(topic, 0, 0, 1, io.hexmq.domain.message.MessageFilter.ALL).messages().get(0);
        return StoredMessage.decode(record);
    }

    @Test
    void storesACopyInTheRetryTopic_afterItsDelay_withOneMoreReconsumeAndItsOrigin() {
        long offset = sent();

        SendMessageBack.Result result = joined(mb.sendMessageBack.sendBack(
                new SendMessageBack.Command("CG", offset, 0, OptionalInt.empty())));

        assertThat(result.status()).isEqualTo(SendMessageBack.Status.OK);
        assertThat(mb.store.maxOffset("%RETRY%CG", 0)).isZero();
        mb.broker.clock.advanceMillis(10_000);
        mb.deliverDueMessages.deliver();
        StoredMessage copy = only("%RETRY%CG");
        assertThat(new String(copy.body())).isEqualTo("body");
        assertThat(copy.reconsumeTimes()).isEqualTo(1);
        assertThat(copy.bornHost()).isEqualTo(MessageBroker.PRODUCER);
        assertThat(copy.propertyMap()).containsEntry("RETRY_TOPIC", TOPIC).containsEntry("UNIQ_KEY", "U")
                .containsEntry("DELAY", "3")
                .containsEntry("ORIGIN_MESSAGE_ID", OffsetMessageId.encode(MessageBroker.STORE_HOST, offset));
    }

    @Test
    void movesTheMessageToTheDlq_whenItsRetriesAreUsedUp_orTheConsumerAsks() {
        long offset = sent();
        joined(mb.sendMessageBack.sendBack(new SendMessageBack.Command("CG", offset, -1, OptionalInt.empty())));
        assertThat(only("%DLQ%CG").reconsumeTimes()).isEqualTo(1);

        long retried = OffsetMessageId.decode(only("%DLQ%CG").offsetMessageId()).commitLogOffset();
        joined(mb.sendMessageBack.sendBack(new SendMessageBack.Command("G2", retried, 0, OptionalInt.of(1))));
        assertThat(only("%DLQ%G2").reconsumeTimes()).isEqualTo(2);
        assertThat(mb.broker.deadLettered()).as("counted under the topic first sent to")
                .containsOnly(Map.entry("CG@" + TOPIC, 1L), Map.entry("G2@" + TOPIC, 1L));
    }

    @Test
    void fails_whenNoMessageIsStoredAtTheOffset() {
        SendMessageBack.Result result = joined(mb.sendMessageBack.sendBack(
                new SendMessageBack.Command("CG", 12345, 0, OptionalInt.empty())));

        assertThat(result.status()).isEqualTo(SendMessageBack.Status.FAILED);
        assertThat(result.remark()).contains("12345");
    }
}

package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.send;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoredMessage;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Failed messages climb the delay ladder 3 + reconsumeTimes through the schedule topic, then die in the DLQ. */
class RetryLadderTest {

    private static final String RETRY = "%RETRY%CG";
    private static final String DLQ = "%DLQ%CG";

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 1);
    private final String originalId;
    private final long originalOffset;

    RetryLadderTest() {
        SendMessage.Result sent = joined(mb.sendMessage.send(send(TOPIC, 0, "body",
                properties("UNIQ_KEY", "U", "TAGS", "T"))));
        originalId = sent.msgId();
        originalOffset = OffsetMessageId.decode(sent.msgId()).commitLogOffset();
    }

    private List<StoredMessage> stored(String topic) {
        ReadResult read = mb.store.read(topic, 0, 0, 100, MessageFilter.ALL);
        return read.messages().stream().map(StoredMessage::decode).toList();
    }

    private SendMessageBack.Result sendBack(long commitLogOffset, int delayLevel, OptionalInt max) {
        return joined(mb.sendMessageBack.sendBack(new SendMessageBack.Command("CG", commitLogOffset, delayLevel, max)));
    }

    private static long offsetOf(StoredMessage message) {
        return message.commitLogOffset();
    }

    @Test
    void eachRetryWaits_atLevelThreePlusItsReconsumeTimes_beforeItReachesTheRetryTopic() {
        long[] ladder = {10_000, 30_000, 60_000, 120_000};
        long failed = originalOffset;
        long now = TestBroker.START;
        for (int attempt = 0; attempt < ladder.length; attempt++) {
            assertThat(sendBack(failed, 0, OptionalInt.empty()).status()).isEqualTo(SendMessageBack.Status.OK);
            int retriesSoFar = stored(RETRY).size();

            mb.broker.clock.set(now + ladder[attempt] - 1);
            assertThat(mb.deliverDueMessages.deliver().delivered()).as("attempt %d early", attempt).isZero();
            assertThat(stored(RETRY)).hasSize(retriesSoFar);

            now += ladder[attempt];
            mb.broker.clock.set(now);
            assertThat(mb.deliverDueMessages.deliver().delivered()).as("attempt %d due", attempt).isEqualTo(1);
            StoredMessage retry = stored(RETRY).get(retriesSoFar);
            assertThat(retry.reconsumeTimes()).isEqualTo(attempt + 1);
            assertThat(retry.propertyMap()).containsEntry("RETRY_TOPIC", TOPIC).containsEntry("UNIQ_KEY", "U")
                    .containsEntry("ORIGIN_MESSAGE_ID", originalId)
                    .containsEntry("DELAY", Integer.toString(3 + attempt)).containsEntry("REAL_TOPIC", RETRY);
            failed = offsetOf(retry);
        }
    }

    @Test
    void aPositiveDelayLevel_isUsedAsAsked() {
        sendBack(originalOffset, 1, OptionalInt.empty());

        assertThat(mb.store.maxOffset("SCHEDULE_TOPIC_XXXX", 0)).isEqualTo(1);
        mb.broker.clock.set(TestBroker.START + 1_000);
        assertThat(mb.deliverDueMessages.deliver().delivered()).isEqualTo(1);
        assertThat(stored(RETRY)).hasSize(1);
    }

    @Test
    void afterTheLastRetry_theMessageGoesToTheDlq_atOnce_withoutDelay() {
        sendBack(originalOffset, 0, OptionalInt.of(1));
        mb.broker.clock.set(TestBroker.START + 10_000);
        mb.deliverDueMessages.deliver();
        StoredMessage firstRetry = stored(RETRY).get(0);

        assertThat(sendBack(offsetOf(firstRetry), 0, OptionalInt.of(1)).status())
                .isEqualTo(SendMessageBack.Status.OK);

        List<StoredMessage> dead = stored(DLQ);
        assertThat(dead).hasSize(1);
        assertThat(dead.get(0).reconsumeTimes()).isEqualTo(2);
        assertThat(dead.get(0).propertyMap()).doesNotContainKey("DELAY")
                .containsEntry("ORIGIN_MESSAGE_ID", originalId).containsEntry("RETRY_TOPIC", TOPIC);
        assertThat(mb.broker.topics.find(new io.hexmq.domain.topic.TopicName(DLQ)).orElseThrow().readQueueNums())
                .isEqualTo(1);
        assertThat(mb.deliverDueMessages.deliver().nextDueMillis()).isEqualTo(DeliverDueMessages.NOTHING_WAITING);
    }

    @Test
    void theGroupsRetryMaxTimes_decidesWhenTheHeaderSaysNothing() {
        mb.broker.clock.set(TestBroker.START);
        long failed = originalOffset;
        for (int attempt = 0; attempt < 16; attempt++) {
            sendBack(failed, 0, OptionalInt.empty());
            mb.broker.clock.advanceMillis(3 * 3_600_000L);
            assertThat(mb.deliverDueMessages.deliver().delivered()).isEqualTo(1);
            List<StoredMessage> retries = stored(RETRY);
            failed = offsetOf(retries.get(retries.size() - 1));
        }
        assertThat(stored(DLQ)).isEmpty();

        sendBack(failed, 0, OptionalInt.empty());

        assertThat(stored(DLQ)).hasSize(1);
        assertThat(stored(DLQ).get(0).reconsumeTimes()).isEqualTo(17);
    }

    @Test
    void aNegativeDelayLevel_sendsToTheDlqAtOnce() {
        sendBack(originalOffset, -1, OptionalInt.empty());

        assertThat(stored(DLQ)).hasSize(1);
        assertThat(mb.store.maxOffset("SCHEDULE_TOPIC_XXXX", 2)).isZero();
    }

    @Test
    void theClientsFallbackRetrySend_isDelayedToo_butItsDlqRewriteIsNot() {
        SendMessage.Command fallback = new SendMessage.Command("PG", RETRY, "TBW102", 4, 0, 0, 1L, 0,
                properties("UNIQ_KEY", "U", "RETRY_TOPIC", TOPIC, "DELAY", "4"), 1, false, OptionalInt.of(16),
                MessageBroker.PRODUCER, new byte[1], false, List.of());
        assertThat(joined(mb.sendMessage.send(fallback)).status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(stored(RETRY)).isEmpty();
        mb.broker.clock.set(TestBroker.START + 30_000);
        assertThat(mb.deliverDueMessages.deliver().delivered()).isEqualTo(1);
        assertThat(stored(RETRY).get(0).reconsumeTimes()).isEqualTo(1);

        SendMessage.Command exhausted = new SendMessage.Command("PG", RETRY, "TBW102", 4, 0, 0, 1L, 0,
                properties("UNIQ_KEY", "U", "DELAY", "19"), 17, false, OptionalInt.of(16),
                MessageBroker.PRODUCER, new byte[1], false, List.of());
        joined(mb.sendMessage.send(exhausted));
        assertThat(stored(DLQ)).hasSize(1);
        assertThat(stored(DLQ).get(0).propertyMap()).containsEntry("DELAY", "-1");
    }
}

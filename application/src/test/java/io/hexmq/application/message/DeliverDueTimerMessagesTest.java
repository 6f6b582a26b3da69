package io.hexmq.application.message;

import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.send;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.TimerProgress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeliverDueTimerMessagesTest {

    private static final String TIMER_TOPIC = "rmq_sys_wheel_timer";
    private static final long START = TestBroker.START;

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 2);

    private SendMessage.Result sendAt(int queueId, String body, String property, long value) {
        return mb.sendMessage.send(send(TOPIC, queueId, body,
                properties("UNIQ_KEY", "U-" + body, "TAGS", "TagA", property, Long.toString(value))));
    }

    private List<StoredMessage> stored(String topic, int queueId) {
        ReadResult read = mb.store.read(topic, queueId, 0, 5000, MessageFilter.ALL);
        return read.messages().stream().map(StoredMessage::decode).toList();
    }

    private List<String> bodies(String topic, int queueId) {
        return stored(topic, queueId).stream().map(message -> new String(message.body())).toList();
    }

    private void advanceTo(long millis) {
        mb.broker.clock.set(millis);
    }

    @Test
    void aTimerMessage_isInvisibleBeforeItsTime_andDeliveredToItsQueueAt() {
        SendMessage.Result sent = sendAt(1, "later", "TIMER_DELIVER_MS", START + 2_500);

        assertThat(sent.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(sent.queueId()).isEqualTo(1);
        assertThat(stored(TOPIC, 1)).isEmpty();
        assertThat(stored(TIMER_TOPIC, 0).get(0).propertyMap()).containsEntry("REAL_TOPIC", TOPIC)
                .containsEntry("REAL_QID", "1");

        advanceTo(START + 2_499);
        DeliverDueTimerMessages.Result early = mb.deliverDueTimerMessages.deliver();
        assertThat(early.delivered()).isZero();
        assertThat(early.nextDueMillis()).isEqualTo(START + 2_500);
        assertThat(stored(TOPIC, 1)).isEmpty();

        advanceTo(START + 2_500);
        DeliverDueTimerMessages.Result due = mb.deliverDueTimerMessages.deliver();
        assertThat(due.delivered()).isEqualTo(1);
        assertThat(due.nextDueMillis()).isEqualTo(DeliverDueTimerMessages.NOTHING_WAITING);
        StoredMessage message = stored(TOPIC, 1).get(0);
        assertThat(new String(message.body())).isEqualTo("later");
        assertThat(message.bornTimestamp()).isEqualTo(1_000L);
        assertThat(message.storeTimestamp()).isEqualTo(START + 2_500);
        assertThat(message.propertyMap()).containsEntry("UNIQ_KEY", "U-later").containsEntry("TAGS", "TagA")
                .doesNotContainKeys("REAL_TOPIC", "REAL_QID", "TIMER_DELIVER_MS", "SCHEDULE_DELIVER_MS");
    }

    @Test
    void relativeTimerProperties_countFromArrival() {
        sendAt(0, "sec", "TIMER_DELAY_SEC", 3);
        sendAt(0, "ms", "TIMER_DELAY_MS", 1_500);

        advanceTo(START + 1_500);
        mb.deliverDueTimerMessages.deliver();
        assertThat(bodies(TOPIC, 0)).containsExactly("ms");
        advanceTo(START + 3_000);
        mb.deliverDueTimerMessages.deliver();
        assertThat(bodies(TOPIC, 0)).containsExactly("ms", "sec");
        assertThat(stored(TOPIC, 0).get(1).propertyMap()).doesNotContainKey("TIMER_DELAY_SEC");
    }

    @Test
    void aTimeInThePast_isDeliveredAtOnce() {
        SendMessage.Result sent = sendAt(0, "past", "TIMER_DELIVER_MS", START - 10_000);

        assertThat(sent.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(bodies(TOPIC, 0)).containsExactly("past");
        assertThat(stored(TIMER_TOPIC, 0)).isEmpty();
    }

    @Test
    void aTimeBeyondTheMaximumDelay_isRefused() {
        long max = MessageSettings.DEFAULT_TIMER_MAX_DELAY_SEC * 1000;

        assertThat(sendAt(0, "max", "TIMER_DELIVER_MS", START + max).status()).isEqualTo(SendMessage.Status.PUT_OK);
        SendMessage.Result tooFar = sendAt(0, "far", "TIMER_DELIVER_MS", START + max + 1_000);

        assertThat(tooFar.status()).isEqualTo(SendMessage.Status.MESSAGE_ILLEGAL);
        assertThat(tooFar.remark()).contains("timer message illegal").contains("timerMaxDelaySec 259200");
        assertThat(sendAt(0, "epoch", "TIMER_DELIVER_MS", 0).status())
                .as("the epoch is in the past: delivered at once").isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(mb.sendMessage.send(send(TOPIC, 0, "nan", properties("TIMER_DELAY_SEC", "soon"))).status())
                .isEqualTo(SendMessage.Status.MESSAGE_ILLEGAL);
    }

    @Test
    void aRestart_keepsWaitingMessages_andDoesNotDeliverTwice() {
        sendAt(0, "first", "TIMER_DELIVER_MS", START + 1_000);
        sendAt(0, "second", "TIMER_DELIVER_MS", START + 5_000);
        sendAt(0, "third", "TIMER_DELIVER_MS", START + 3_000);
        advanceTo(START + 3_000);
        assertThat(mb.deliverDueTimerMessages.deliver().delivered()).isEqualTo(2);
        assertThat(mb.timerProgressStore.load()).isEqualTo(new TimerProgress(1, START + 3_000, 2));

        DeliverDueTimerMessages restarted = new DeliverDueTimerMessages(mb.store, mb.timerProgressStore,
                mb.broker.clock);
        DeliverDueTimerMessages.Result afterRestart = restarted.deliver();
        assertThat(afterRestart.delivered()).isZero();
        assertThat(afterRestart.waiting()).isEqualTo(1);
        assertThat(afterRestart.nextDueMillis()).isEqualTo(START + 5_000);

        advanceTo(START + 5_000);
        assertThat(restarted.deliver().delivered()).isEqualTo(1);
        assertThat(bodies(TOPIC, 0)).containsExactly("first", "third", "second");
        assertThat(mb.timerProgressStore.load().scanFrom()).isEqualTo(3);
    }

    @Test
    void manyMessagesAtDifferentTimes_areEachDeliveredAtTheirTime() {
        List<Long> dueTimes = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            long due = START + 1_000 + (i * 7_919L) % 100_000;
            dueTimes.add(due);
            sendAt(0, Long.toString(due), "TIMER_DELIVER_MS", due);
        }
        long next = mb.deliverDueTimerMessages.deliver().nextDueMillis();
        int delivered = 0;
        while (next != DeliverDueTimerMessages.NOTHING_WAITING) {
            advanceTo(next);
            DeliverDueTimerMessages.Result run = mb.deliverDueTimerMessages.deliver();
            delivered += run.delivered();
            next = run.nextDueMillis();
        }

        assertThat(delivered).isEqualTo(200);
        for (StoredMessage message : stored(TOPIC, 0)) {
            assertThat(message.storeTimestamp()).isEqualTo(Long.parseLong(new String(message.body())));
        }
        assertThat(stored(TOPIC, 0)).hasSize(200);
        assertThat(dueTimes).hasSize(200);
    }

    @Test
    void aRun_readsOnlyNewlyParkedMessages_notTheOnesStillWaiting() {
        for (int i = 0; i < 500; i++) {
            sendAt(0, "far-" + i, "TIMER_DELAY_SEC", 3_600 + i);
        }
        assertThat(mb.deliverDueTimerMessages.deliver().scanned()).isEqualTo(500);
        sendAt(0, "soon", "TIMER_DELAY_MS", 10);

        advanceTo(START + 10);
        DeliverDueTimerMessages.Result run = mb.deliverDueTimerMessages.deliver();

        assertThat(run.scanned()).isEqualTo(1);
        assertThat(run.delivered()).isEqualTo(1);
        assertThat(run.waiting()).isEqualTo(500);
        assertThat(mb.deliverDueTimerMessages.deliver().scanned()).isZero();
        assertThat(bodies(TOPIC, 0)).containsExactly("soon");
    }
}

package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.pull;
import static io.hexmq.application.message.MessageBroker.send;
import static io.hexmq.application.message.PullMessages.Command.FLAG_SUBSCRIPTION;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoredMessage;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class DeliverDueMessagesTest {

    private static final String SCHEDULE = "SCHEDULE_TOPIC_XXXX";
    private static final long START = TestBroker.START;

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 2);

    private SendMessage.Result sendDelayed(int queueId, String body, String level) {
        return joined(mb.sendMessage.send(send(TOPIC, queueId, body,
                properties("UNIQ_KEY", "U-" + body, "TAGS", "TagA", "DELAY", level))));
    }

    private List<StoredMessage> pulled(String topic, int queueId) {
        CompletableFuture<PullMessages.Result> future =
                mb.pullMessages.pull(pull("CG", topic, queueId, 0, FLAG_SUBSCRIPTION, "TagA"));
        assertThat(future).isDone();
        return future.join().messages().stream().map(StoredMessage::decode).toList();
    }

    private List<StoredMessage> stored(String topic, int queueId) {
        ReadResult read = mb.store.read(topic, queueId, 0, 2000, MessageFilter.ALL);
        return read.messages().stream().map(StoredMessage::decode).toList();
    }

    private long scheduleTagsCode(int queueId, long offset) {
        List<Long> codes = new ArrayList<>();
        mb.store.read(SCHEDULE, queueId, offset, 1, tagsCode -> codes.add(tagsCode) && true);
        return codes.get(0);
    }

    private void advanceTo(long millis) {
        mb.broker.clock.set(millis);
    }

    @Test
    void aDelayedMessage_isInvisibleBeforeItsTime_andDeliveredToItsQueueAfter() {
        SendMessage.Result sent = sendDelayed(1, "later", "2");

        assertThat(sent.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(sent.queueId()).isEqualTo(1);
        assertThat(pulled(TOPIC, 1)).isEmpty();
        StoredMessage parked = stored(SCHEDULE, 1).get(0);
        assertThat(parked.propertyMap()).containsEntry("REAL_TOPIC", TOPIC).containsEntry("REAL_QID", "1")
                .containsEntry("DELAY", "2");
        assertThat(scheduleTagsCode(1, 0)).isEqualTo(START + 5_000);

        advanceTo(START + 4_999);
        DeliverDueMessages.Result early = mb.deliverDueMessages.deliver();
        assertThat(early.delivered()).isZero();
        assertThat(early.nextDueMillis()).isEqualTo(START + 5_000);
        assertThat(pulled(TOPIC, 1)).isEmpty();

        advanceTo(START + 5_000);
        DeliverDueMessages.Result due = mb.deliverDueMessages.deliver();
        assertThat(due.delivered()).isEqualTo(1);
        assertThat(due.nextDueMillis()).isEqualTo(DeliverDueMessages.NOTHING_WAITING);

        List<StoredMessage> delivered = pulled(TOPIC, 1);
        assertThat(delivered).hasSize(1);
        StoredMessage message = delivered.get(0);
        assertThat(new String(message.body())).isEqualTo("later");
        assertThat(message.bornHost()).isEqualTo(MessageBroker.PRODUCER);
        assertThat(message.bornTimestamp()).isEqualTo(1_000L);
        assertThat(message.storeTimestamp()).isEqualTo(START + 5_000);
        assertThat(message.propertyMap()).containsEntry("UNIQ_KEY", "U-later").containsEntry("TAGS", "TagA")
                .doesNotContainKey("SCHEDULE_DELIVER_MS");
        assertThat(message.propertyMap()).as("what it was parked with, as RocketMQ's delivered copy keeps")
                .containsEntry("DELAY", "2").containsEntry("REAL_TOPIC", TOPIC).containsEntry("REAL_QID", "1");
        assertThat(mb.deliverDueMessages.deliver().delivered()).isZero();
    }

    @Test
    void levelsAboveTheLast_waitAsLongAsTheLast() {
        sendDelayed(0, "clamped", "99");

        StoredMessage parked = stored(SCHEDULE, 17).get(0);
        assertThat(parked.propertyMap()).containsEntry("DELAY", "18");
        assertThat(scheduleTagsCode(17, 0)).isEqualTo(START + 7_200_000);
    }

    @Test
    void usesTheConfiguredLevels() {
        MessageBroker custom = new MessageBroker(UnaryOperator.identity(),
                new MessageSettings(1024, true, 1000, DelayLevels.parse("2s 4s"))).withTopic(TOPIC, 1);

        joined(custom.sendMessage.send(send(TOPIC, 0, "x", properties("DELAY", "5"))));

        assertThat(custom.store.maxOffset(SCHEDULE, 1)).isEqualTo(1);
        custom.broker.clock.set(START + 3_999);
        assertThat(custom.deliverDueMessages.deliver().nextDueMillis()).isEqualTo(START + 4_000);
        custom.broker.clock.set(START + 4_000);
        assertThat(custom.deliverDueMessages.deliver().delivered()).isEqualTo(1);
        assertThat(custom.store.maxOffset(TOPIC, 0)).isEqualTo(1);
    }

    @Test
    void zeroNegativeOrMalformedDelays_areStoredAtOnce_andHalfMessagesAreNeverDelayed() {
        joined(mb.sendMessage.send(send(TOPIC, 0, "a", properties("DELAY", "0"))));
        joined(mb.sendMessage.send(send(TOPIC, 0, "b", properties("DELAY", "-1"))));
        joined(mb.sendMessage.send(send(TOPIC, 0, "c", properties("DELAY", "soon"))));
        joined(mb.sendMessage.send(new SendMessage.Command("PG", TOPIC, "TBW102", 4, 0,
                MessageSysFlag.TRANSACTION_PREPARED_TYPE, 1L, 0, properties("DELAY", "3", "TRAN_MSG", "true"), 0,
                false, OptionalInt.empty(), MessageBroker.PRODUCER, new byte[1], false, List.of())));

        assertThat(mb.store.maxOffset(TOPIC, 0)).isEqualTo(3);
        assertThat(mb.store.maxOffset("RMQ_SYS_TRANS_HALF_TOPIC", 0)).isEqualTo(1);
        assertThat(mb.deliverDueMessages.deliver().nextDueMillis()).isEqualTo(DeliverDueMessages.NOTHING_WAITING);
    }

    @Test
    void deliversEachLevelInOrder_andSaysWhenTheEarliestWaitingMessageIsDue() {
        sendDelayed(0, "l3-first", "3");
        advanceTo(START + 1_000);
        sendDelayed(0, "l3-second", "3");
        sendDelayed(0, "l1", "1");

        DeliverDueMessages.Result none = mb.deliverDueMessages.deliver();
        assertThat(none.delivered()).isZero();
        assertThat(none.nextDueMillis()).isEqualTo(START + 2_000);

        advanceTo(START + 10_000);
        DeliverDueMessages.Result some = mb.deliverDueMessages.deliver();
        assertThat(some.delivered()).isEqualTo(2);
        assertThat(some.nextDueMillis()).isEqualTo(START + 11_000);
        assertThat(stored(TOPIC, 0)).extracting(m -> new String(m.body())).containsExactly("l1", "l3-first");
    }

    @Test
    void aRestart_continuesFromTheSavedProgress_withoutRedeliveringOrLosing() {
        sendDelayed(0, "first", "1");
        advanceTo(START + 500);
        sendDelayed(0, "second", "1");
        advanceTo(START + 1_000);
        assertThat(mb.deliverDueMessages.deliver().delivered()).isEqualTo(1);
        assertThat(mb.delayProgressStore.load().offsetTable()).isEqualTo(Map.of(1, 1L));

        DeliverDueMessages restarted = new DeliverDueMessages(mb.store, mb.delayProgressStore, mb.broker.clock,
                mb.settings);
        DeliverDueMessages.Result afterRestart = restarted.deliver();
        assertThat(afterRestart.delivered()).isZero();
        assertThat(afterRestart.nextDueMillis()).isEqualTo(START + 1_500);

        advanceTo(START + 1_500);
        assertThat(restarted.deliver().delivered()).isEqualTo(1);
        assertThat(stored(TOPIC, 0)).extracting(m -> new String(m.body())).containsExactly("first", "second");
        assertThat(mb.delayProgressStore.load().offsetTable()).isEqualTo(Map.of(1, 2L));
    }

    @Test
    void savesProgressOnlyWhenSomethingMoved() {
        sendDelayed(0, "x", "1");
        mb.deliverDueMessages.deliver();
        assertThat(mb.delayProgressStore.saves()).isZero();

        advanceTo(START + 1_000);
        mb.deliverDueMessages.deliver();
        mb.deliverDueMessages.deliver();
        assertThat(mb.delayProgressStore.saves()).isEqualTo(1);
    }

    @Test
    void keepsAMessageWaiting_whileTheStoreRefusesItsDelivery_andRetriesSoon() {
        sendDelayed(0, "x", "1");
        advanceTo(START + 1_000);
        mb.store.shutdown();

        DeliverDueMessages.Result refused = mb.deliverDueMessages.deliver();
        assertThat(refused.delivered()).isZero();
        assertThat(refused.nextDueMillis()).isEqualTo(START + 1_000 + DeliverDueMessages.RETRY_AFTER_FAILURE_MILLIS);
        assertThat(mb.delayProgressStore.load().offsetOf(1)).isZero();

        mb.store.start();
        assertThat(mb.deliverDueMessages.deliver().delivered()).isEqualTo(1);
    }

    @Test
    void deliversALongBacklogInSlices_askingToBeCalledAgainAtOnce() {
        for (int i = 0; i < 1030; i++) {
            joined(mb.sendMessage.send(send(TOPIC, 0, "m" + i, properties("DELAY", "1"))));
        }
        advanceTo(START + 1_000);

        DeliverDueMessages.Result slice = mb.deliverDueMessages.deliver();
        assertThat(slice.delivered()).isEqualTo(1024);
        assertThat(slice.nextDueMillis()).isEqualTo(START + 1_000);
        DeliverDueMessages.Result rest = mb.deliverDueMessages.deliver();
        assertThat(rest.delivered()).isEqualTo(6);
        assertThat(rest.nextDueMillis()).isEqualTo(DeliverDueMessages.NOTHING_WAITING);
        assertThat(mb.store.maxOffset(TOPIC, 0)).isEqualTo(1030);
    }

    @Test
    void skipsScheduleRecordsThatDoNotSayWhereTheyBelong() {
        mb.store.append(io.hexmq.domain.message.Message.builder(SCHEDULE, 0, new byte[1])
                .properties(properties("SCHEDULE_DELIVER_MS", "0")).build());
        sendDelayed(0, "x", "1");
        advanceTo(START + 1_000);

        DeliverDueMessages.Result result = mb.deliverDueMessages.deliver();

        assertThat(result.skipped()).isEqualTo(1);
        assertThat(result.delivered()).isEqualTo(1);
    }

    @Test
    void arrivalsInTheScheduleTopic_wakeTheSchedulerAtTheirDueTime() {
        List<Long> wakeUps = new ArrayList<>();
        mb.store.registerArrivalListener(new DelayedArrivals(wakeUps::add));

        mb.sendTagged(TOPIC, 0, "TagA", "now");
        sendDelayed(0, "later", "3");

        assertThat(wakeUps).containsExactly(START + 10_000);
    }

    @Test
    void theStoresTagsCodeOfAParkedMessage_isItsDueTime_readFromTheRecord() {
        sendDelayed(0, "x", "4");

        ByteBuffer record = mb.store.read(SCHEDULE, 3, 0, 1, MessageFilter.ALL).messages().get(0);

        assertThat(MessageLayout.tagsCode(record, 0)).isEqualTo(START + 30_000);
    }
}

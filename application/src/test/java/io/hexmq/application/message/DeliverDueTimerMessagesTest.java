package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.TimerProgressStore;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class DeliverDueTimerMessagesTest {

    private static final String TIMER_TOPIC = "rmq_sys_wheel_timer";
    private static final String MARKER_TOPIC = "rmq_sys_wheel_timer_delivered";
    private static final long START = TestBroker.START;

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 2);

    private SendMessage.Result sendAt(int queueId, String body, String property, long value) {
        return joined(mb.sendMessage.send(send(TOPIC, queueId, body,
                properties("UNIQ_KEY", "U-" + body, "TAGS", "TagA", property, Long.toString(value)))));
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

    /** A new scheduler over the same message store and progress, as after a broker restart. */
    private DeliverDueTimerMessages restart() {
        return new DeliverDueTimerMessages(mb.store, mb.timerProgressStore, mb.broker.clock, mb.timerCounts);
    }

    /** Stands for the process dying at that point: nothing after it in the run happens. */
    private static final class Crash extends RuntimeException {
        Crash(String where) {
            super("crashed " + where);
        }
    }

    /** The message store, except that appends to one topic crash the process or are refused. */
    private static final class FaultyStore implements MessageStore {

        private final MessageStore store;
        private final String topic;
        private final boolean crash;
        boolean faulty = true;

        FaultyStore(MessageStore store, String topic, boolean crash) {
            this.store = store;
            this.topic = topic;
            this.crash = crash;
        }

        @Override
        public AppendResult append(Message message) {
            if (faulty && message.topic().equals(topic)) {
                if (crash) {
                    throw new Crash("before appending to " + topic);
                }
                return AppendResult.rejected(AppendStatus.SERVICE_NOT_AVAILABLE, "disk full");
            }
            return store.append(message);
        }

        @Override
        public AppendResult appendBatch(List<Message> messages) {
            return messages.size() == 1 ? append(messages.get(0)) : store.appendBatch(messages);
        }

        @Override
        public AppendResult append(Message message, StoreStamp stamp) {
            return store.append(message, stamp);
        }

        @Override
        public AppendResult appendBatch(List<Message> messages, StoreStamp stamp) {
            return store.appendBatch(messages, stamp);
        }

        @Override
        public long commitLogMaxOffset() {
            return store.commitLogMaxOffset();
        }

        @Override
        public void start() {
            store.start();
        }

        @Override
        public void shutdown() {
            store.shutdown();
        }

        @Override
        public ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
            return store.read(topic, queueId, offset, maxMessages, filter);
        }

        @Override
        public long minOffset(String topic, int queueId) {
            return store.minOffset(topic, queueId);
        }

        @Override
        public long maxOffset(String topic, int queueId) {
            return store.maxOffset(topic, queueId);
        }

        @Override
        public long offsetByTime(String topic, int queueId, long timestampMillis) {
            return store.offsetByTime(topic, queueId, timestampMillis);
        }

        @Override
        public OptionalLong earliestStoreTime(String topic, int queueId) {
            return store.earliestStoreTime(topic, queueId);
        }

        @Override
        public Optional<ByteBuffer> lookup(long commitLogOffset) {
            return store.lookup(commitLogOffset);
        }

        @Override
        public QueryResult queryByKey(String topic, IndexType type, String key, int maxNum, long beginTimestamp,
                                      long endTimestamp) {
            return store.queryByKey(topic, type, key, maxNum, beginTimestamp, endTimestamp);
        }

        @Override
        public void deleteTopic(String topic) {
            store.deleteTopic(topic);
        }

        @Override
        public void flush() {
            store.flush();
        }

        @Override
        public void registerArrivalListener(MessageArrivalListener listener) {
            store.registerArrivalListener(listener);
        }
    }

    /** The saved progress, except that saving crashes the process. */
    private static final class CrashingProgressStore implements TimerProgressStore {

        private final TimerProgressStore progress;

        CrashingProgressStore(TimerProgressStore progress) {
            this.progress = progress;
        }

        @Override
        public TimerProgress load() {
            return progress.load();
        }

        @Override
        public void save(TimerProgress ignored) {
            throw new Crash("before saving the timer progress");
        }
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
                .containsEntry("TIMER_DELIVER_MS", Long.toString(START + 2_500))
                .containsEntry("REAL_TOPIC", TOPIC).containsEntry("REAL_QID", "1")
                .doesNotContainKey("SCHEDULE_DELIVER_MS");
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
        assertThat(joined(mb.sendMessage.send(send(TOPIC, 0, "nan", properties("TIMER_DELAY_SEC", "soon")))).status())
                .isEqualTo(SendMessage.Status.MESSAGE_ILLEGAL);
    }

    @Test
    void aRestart_keepsWaitingMessages_andDoesNotDeliverTwice() {
        sendAt(0, "first", "TIMER_DELIVER_MS", START + 1_000);
        sendAt(0, "second", "TIMER_DELIVER_MS", START + 5_000);
        sendAt(0, "third", "TIMER_DELIVER_MS", START + 3_000);
        advanceTo(START + 3_000);
        assertThat(mb.deliverDueTimerMessages.deliver().delivered()).isEqualTo(2);
        assertThat(mb.timerProgressStore.load()).isEqualTo(TimerProgress.of(1, 0));

        DeliverDueTimerMessages restarted = new DeliverDueTimerMessages(mb.store, mb.timerProgressStore,
                mb.broker.clock, mb.timerCounts);
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
    void aMessageParkedAfterTheClockSteppedBack_isDeliveredWhenDue_alsoAfterARestart() {
        sendAt(0, "pinned", "TIMER_DELIVER_MS", START + 60_000);
        sendAt(0, "first", "TIMER_DELIVER_MS", START + 1_000);
        advanceTo(START + 1_000);
        assertThat(mb.deliverDueTimerMessages.deliver().delivered()).isEqualTo(1);
        advanceTo(START);
        sendAt(0, "late", "TIMER_DELIVER_MS", START + 500);
        assertThat(stored(TIMER_TOPIC, 0)).as("due after the stepped-back clock: parked").hasSize(3);
        assertThat(mb.deliverDueTimerMessages.deliver().waiting()).isEqualTo(2);

        DeliverDueTimerMessages restarted = restart();
        advanceTo(START + 499);
        DeliverDueTimerMessages.Result beforeDue = restarted.deliver();
        assertThat(beforeDue.delivered()).isZero();
        assertThat(beforeDue.waiting()).isEqualTo(2);
        assertThat(beforeDue.nextDueMillis()).isEqualTo(START + 500);

        advanceTo(START + 500);
        assertThat(restarted.deliver().delivered()).isEqualTo(1);
        assertThat(bodies(TOPIC, 0)).containsExactly("first", "late");
        assertThat(stored(TOPIC, 0).get(1).storeTimestamp()).isEqualTo(START + 500);
        advanceTo(START + 60_000);
        assertThat(restarted.deliver().delivered()).isEqualTo(1);
        assertThat(bodies(TOPIC, 0)).containsExactly("first", "late", "pinned");
    }

    @Test
    void aMessageWhoseParkingLandedAfterALaterOneWasDelivered_isDelivered_alsoAfterARestart() {
        sendAt(0, "pinned", "TIMER_DELIVER_MS", START + 60_000);
        sendAt(0, "fast", "TIMER_DELIVER_MS", START + 2_000);
        // Sent at START, due a second later; its append is slow and lands after "fast" was delivered.
        Message slow = TimerParking.park(new Message(TOPIC, 0, 0, "slow".getBytes(),
                properties("UNIQ_KEY", "U-slow", "TAGS", "TagA"), 0, 1_000L, MessageBroker.PRODUCER, 0, 0L),
                START + 1_000);
        advanceTo(START + 2_000);
        assertThat(mb.deliverDueTimerMessages.deliver().delivered()).isEqualTo(1);
        assertThat(mb.store.append(slow).queueOffset()).isEqualTo(2);

        DeliverDueTimerMessages.Result afterRestart = restart().deliver();

        assertThat(afterRestart.delivered()).isEqualTo(1);
        assertThat(afterRestart.waiting()).isEqualTo(1);
        assertThat(afterRestart.nextDueMillis()).isEqualTo(START + 60_000);
        assertThat(bodies(TOPIC, 0)).containsExactly("fast", "slow");
    }

    @Test
    void aCrashAfterADeliveryBeforeItsMarker_deliversItAgain_ratherThanLosingIt() {
        sendAt(0, "pinned", "TIMER_DELIVER_MS", START + 60_000);
        sendAt(0, "quick", "TIMER_DELIVER_MS", START + 1_000);
        advanceTo(START + 1_000);
        DeliverDueTimerMessages crashing = new DeliverDueTimerMessages(
                new FaultyStore(mb.store, MARKER_TOPIC, true), mb.timerProgressStore, mb.broker.clock, mb.timerCounts);

        assertThatThrownBy(crashing::deliver).isInstanceOf(Crash.class);
        assertThat(bodies(TOPIC, 0)).containsExactly("quick");

        DeliverDueTimerMessages.Result afterRestart = restart().deliver();
        assertThat(afterRestart.delivered()).isEqualTo(1);
        assertThat(afterRestart.waiting()).isEqualTo(1);
        assertThat(bodies(TOPIC, 0)).containsExactly("quick", "quick");
    }

    @Test
    void aCrashAfterADeliveryInParkingOrderBeforeTheProgressIsSaved_deliversItAgain() {
        sendAt(0, "only", "TIMER_DELIVER_MS", START + 1_000);
        advanceTo(START + 1_000);
        DeliverDueTimerMessages crashing = new DeliverDueTimerMessages(mb.store,
                new CrashingProgressStore(mb.timerProgressStore), mb.broker.clock, mb.timerCounts);

        assertThatThrownBy(crashing::deliver).isInstanceOf(Crash.class);

        assertThat(restart().deliver().delivered()).isEqualTo(1);
        assertThat(bodies(TOPIC, 0)).containsExactly("only", "only");
    }

    @Test
    void aCrashAfterTheMarkerBeforeTheProgressIsSaved_deliversAgainOnlyWhatNoMarkerNames() {
        sendAt(0, "inOrder", "TIMER_DELIVER_MS", START + 1_000);
        sendAt(0, "pinned", "TIMER_DELIVER_MS", START + 60_000);
        sendAt(0, "outOfOrder", "TIMER_DELIVER_MS", START + 1_000);
        advanceTo(START + 1_000);
        DeliverDueTimerMessages crashing = new DeliverDueTimerMessages(mb.store,
                new CrashingProgressStore(mb.timerProgressStore), mb.broker.clock, mb.timerCounts);

        assertThatThrownBy(crashing::deliver).isInstanceOf(Crash.class);
        assertThat(bodies(TOPIC, 0)).containsExactly("inOrder", "outOfOrder");
        assertThat(mb.timerProgressStore.load()).isEqualTo(TimerProgress.NONE);

        DeliverDueTimerMessages.Result afterRestart = restart().deliver();
        assertThat(afterRestart.delivered()).as("only the one the lost progress would have passed").isEqualTo(1);
        assertThat(afterRestart.waiting()).isEqualTo(1);
        assertThat(bodies(TOPIC, 0)).containsExactly("inOrder", "outOfOrder", "inOrder");
    }

    @Test
    void aRefusedMarker_isWrittenOnTheNextRun_soARestartDoesNotDeliverTwice() {
        sendAt(0, "pinned", "TIMER_DELIVER_MS", START + 60_000);
        sendAt(0, "quick", "TIMER_DELIVER_MS", START + 1_000);
        advanceTo(START + 1_000);
        FaultyStore refusing = new FaultyStore(mb.store, MARKER_TOPIC, false);
        DeliverDueTimerMessages scheduler = new DeliverDueTimerMessages(refusing, mb.timerProgressStore,
                mb.broker.clock, mb.timerCounts);

        DeliverDueTimerMessages.Result refused = scheduler.deliver();
        assertThat(refused.delivered()).isEqualTo(1);
        assertThat(refused.nextDueMillis()).isEqualTo(START + 1_000 + DeliverDueTimerMessages.RETRY_AFTER_FAILURE_MILLIS);
        assertThat(stored(MARKER_TOPIC, 0)).isEmpty();

        refusing.faulty = false;
        advanceTo(START + 2_000);
        assertThat(scheduler.deliver().nextDueMillis()).isEqualTo(START + 60_000);
        assertThat(stored(MARKER_TOPIC, 0)).hasSize(1);

        assertThat(restart().deliver().delivered()).isZero();
        assertThat(bodies(TOPIC, 0)).containsExactly("quick");
    }

    @Test
    void onceTheOldestWaitingMessageIsDelivered_aRestartReadsNeitherOldMarkersNorDeliveredRecords() {
        sendAt(0, "pinned", "TIMER_DELIVER_MS", START + 5_000);
        for (int i = 0; i < 10; i++) {
            sendAt(0, "quick-" + i, "TIMER_DELIVER_MS", START + 1_000 + i);
        }
        advanceTo(START + 1_000);
        mb.deliverDueTimerMessages.deliver();
        advanceTo(START + 1_009);
        mb.deliverDueTimerMessages.deliver();
        assertThat(mb.timerProgressStore.load()).as("the pinned message holds both starts")
                .isEqualTo(TimerProgress.of(0, 0));
        long markers = mb.store.maxOffset(MARKER_TOPIC, 0);
        assertThat(markers).isEqualTo(2);

        advanceTo(START + 5_000);
        mb.deliverDueTimerMessages.deliver();
        assertThat(mb.timerProgressStore.load()).isEqualTo(TimerProgress.of(11, markers));
        DeliverDueTimerMessages.Result afterRestart = restart().deliver();
        assertThat(afterRestart.scanned()).isZero();
        assertThat(afterRestart.delivered()).isZero();
        assertThat(bodies(TOPIC, 0)).hasSize(11);
    }

    @Test
    void progressFromBeforeMarkers_isTrustedOnce_thenCarriedByMarkers() {
        sendAt(0, "first", "TIMER_DELIVER_MS", START + 1_000);
        sendAt(0, "second", "TIMER_DELIVER_MS", START + 5_000);
        sendAt(0, "third", "TIMER_DELIVER_MS", START + 3_000);
        // What the earlier version saved after delivering "first" and "third".
        mb.timerProgressStore.save(TimerProgress.beforeMarkers(1, START + 3_000, 2));
        advanceTo(START + 3_000);

        DeliverDueTimerMessages.Result upgraded = restart().deliver();
        assertThat(upgraded.delivered()).isZero();
        assertThat(upgraded.waiting()).isEqualTo(1);
        assertThat(mb.timerProgressStore.load().hasLastDelivered()).isFalse();
        assertThat(stored(MARKER_TOPIC, 0)).hasSize(1);

        advanceTo(START + 1_500);
        sendAt(0, "late", "TIMER_DELIVER_MS", START + 2_000);
        DeliverDueTimerMessages restarted = restart();
        assertThat(restarted.deliver().waiting()).as("\"third\" stays delivered, \"late\" waits").isEqualTo(2);
        advanceTo(START + 5_000);
        assertThat(restarted.deliver().delivered()).isEqualTo(2);
        assertThat(bodies(TOPIC, 0)).containsExactly("late", "second");
    }

    @Test
    void progressFromBeforeMarkers_isKept_untilItsMarkersAreWritten() {
        sendAt(0, "first", "TIMER_DELIVER_MS", START + 1_000);
        sendAt(0, "second", "TIMER_DELIVER_MS", START + 5_000);
        sendAt(0, "third", "TIMER_DELIVER_MS", START + 3_000);
        TimerProgress beforeMarkers = TimerProgress.beforeMarkers(1, START + 3_000, 2);
        mb.timerProgressStore.save(beforeMarkers);
        advanceTo(START + 3_000);
        FaultyStore refusing = new FaultyStore(mb.store, MARKER_TOPIC, false);
        DeliverDueTimerMessages scheduler = new DeliverDueTimerMessages(refusing, mb.timerProgressStore,
                mb.broker.clock, mb.timerCounts);

        DeliverDueTimerMessages.Result refused = scheduler.deliver();
        assertThat(refused.waiting()).isZero();
        assertThat(refused.nextDueMillis()).isEqualTo(START + 3_000 + DeliverDueTimerMessages.RETRY_AFTER_FAILURE_MILLIS);
        assertThat(mb.timerProgressStore.load()).isEqualTo(beforeMarkers);

        refusing.faulty = false;
        DeliverDueTimerMessages.Result retried = scheduler.deliver();
        assertThat(retried.waiting()).isEqualTo(1);
        assertThat(retried.delivered()).isZero();
        assertThat(mb.timerProgressStore.load()).isEqualTo(TimerProgress.of(1, 0));
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

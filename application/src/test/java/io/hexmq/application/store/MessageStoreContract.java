package io.hexmq.application.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.TagCode;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.StoreBacklog;
import io.hexmq.domain.message.port.StoreHousekeeping;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link MessageStore} adapter promises. An adapter's test extends this class and says how to
 * open its store over the same persistent state again and how to simulate a crash that tears the last
 * record. Stores are opened with {@link #STORE_HOST} as their store host.
 */
public abstract class MessageStoreContract {

    protected static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    protected static final HostAddress BORN_HOST = HostAddress.of(new byte[] {10, 0, 0, 2}, 54321);
    protected static final long START_MILLIS = 1_700_000_000_000L;
    protected static final String TOPIC = "TopicTest";
    /** Above every diskMaxUsedSpaceRatio a store accepts (10..95 %), and below every one. */
    private static final double FULL_DISK = 99;
    private static final double ROOMY_DISK = 5;
    /** How long a test waits for another thread at most; a wait that runs out is a failure. */
    private static final long BOUND_SECONDS = 10;

    protected final ManualClock clock = new ManualClock(START_MILLIS);
    protected MessageStore store;

    /**
     * Opens and starts a store over this test's persistent state: the first call creates it, later calls
     * (after {@link MessageStore#shutdown()} or {@link #crashTearingLastRecord}) reopen what is there.
     */
    protected abstract MessageStore openStore(Clock clock);

    /**
     * Opens and starts a second store, independent of the first: fresh persistent state of its own, the
     * same settings, {@link #STORE_HOST} as its store host, {@code clock} as its clock. The test shuts it
     * down. Two such stores are what two replicas of a broker group are to each other.
     */
    protected abstract MessageStore openIndependentStore(Clock clock);

    /**
     * Simulates a process crash while the last appended record was being written: stop the store
     * without a clean shutdown and damage the second half of the record described by {@code last}.
     * Required unless {@link #canTearLastRecord()} says the store cannot have a torn record.
     */
    protected void crashTearingLastRecord(MessageStore store, AppendResult last) {
        throw new UnsupportedOperationException(getClass().getSimpleName()
            + " must simulate a torn last record, or say it cannot have one (canTearLastRecord)");
    }

    /**
     * Whether a crash can leave the last record torn in this store's files, so that recovery must cut it.
     * True unless the adapter overrides it: only a store whose appends become visible atomically (a
     * Chronicle document is complete or absent) may say false, and it then proves its own crash story.
     */
    protected boolean canTearLastRecord() {
        return true;
    }

    /**
     * Makes the disk holding this test's store look {@code usedPercent} used, to {@code store} and to any
     * store opened later over the same state, and has {@code store} take a reading the way its maintenance
     * schedule does. Required unless {@link #keepsDataOnDisk()} says the store has no disk to fill.
     */
    protected void simulateDiskUsage(MessageStore store, double usedPercent) {
        throw new UnsupportedOperationException(getClass().getSimpleName()
            + " must simulate how full its disk is, or say it keeps no data on disk (keepsDataOnDisk)");
    }

    /** Whether the store's data lives on a disk that can fill up; true unless the adapter overrides it. */
    protected boolean keepsDataOnDisk() {
        return true;
    }

    @BeforeEach
    void openFreshStore() {
        store = openStore(clock);
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.shutdown();
        }
    }

    protected static Message message(String topic, int queueId, String body, String tags) {
        String properties = tags == null ? "" : MessageProperties.encode(Map.of(MessageProperties.TAGS, tags));
        return Message.builder(topic, queueId, body.getBytes(StandardCharsets.UTF_8))
            .properties(properties).bornHost(BORN_HOST).bornTimestamp(START_MILLIS - 5).build();
    }

    protected static Message message(int queueId, String body) {
        return message(TOPIC, queueId, body, null);
    }

    protected static String body(ByteBuffer record) {
        return new String(StoredMessage.decode(record.duplicate()).body(), StandardCharsets.UTF_8);
    }

    protected static List<String> bodies(ReadResult result) {
        List<String> bodies = new ArrayList<>();
        for (ByteBuffer record : result.messages()) {
            bodies.add(body(record));
        }
        return bodies;
    }

    protected ReadResult readAll(int queueId, long offset) {
        return store.read(TOPIC, queueId, offset, 32, MessageFilter.ALL);
    }

    @Test
    void append_assignsDenseQueueOffsets_perTopicQueue() {
        assertThat(store.append(message(0, "a")).queueOffset()).isZero();
        assertThat(store.append(message(0, "b")).queueOffset()).isEqualTo(1);
        assertThat(store.append(message(1, "c")).queueOffset()).isZero();
        assertThat(store.append(message("Other", 0, "d", null)).queueOffset()).isZero();
        assertThat(store.append(message(0, "e")).queueOffset()).isEqualTo(2);

        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(3);
        assertThat(store.maxOffset(TOPIC, 1)).isEqualTo(1);
        assertThat(store.minOffset(TOPIC, 0)).isZero();
    }

    @Test
    void append_returnsOffsetsAndAMsgId_thatLookupFinds() {
        store.append(message(0, "first"));
        clock.advanceMillis(10);
        AppendResult result = store.append(message(0, "second"));

        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(result.isOk()).isTrue();
        assertThat(result.commitLogOffset()).isPositive();
        assertThat(result.storeTimestamp()).isEqualTo(START_MILLIS + 10);
        assertThat(result.msgId()).isEqualTo(OffsetMessageId.encode(STORE_HOST, result.commitLogOffset()));
        assertThat(OffsetMessageId.decode(result.msgId()).commitLogOffset()).isEqualTo(result.commitLogOffset());

        ByteBuffer record = store.lookup(result.commitLogOffset()).orElseThrow();
        assertThat(record.isReadOnly()).isTrue();
        assertThat(record.remaining()).isEqualTo(result.wroteBytes());
        StoredMessage stored = StoredMessage.decode(record);
        assertThat(stored.topic()).isEqualTo(TOPIC);
        assertThat(new String(stored.body(), StandardCharsets.UTF_8)).isEqualTo("second");
        assertThat(stored.queueOffset()).isEqualTo(1);
        assertThat(stored.commitLogOffset()).isEqualTo(result.commitLogOffset());
        assertThat(stored.storeTimestamp()).isEqualTo(START_MILLIS + 10);
        assertThat(stored.storeHost()).isEqualTo(STORE_HOST);
        assertThat(stored.bornHost()).isEqualTo(BORN_HOST);
    }

    @Test
    void append_isRefused_whileTheDiskIsFull_andAcceptedOnceThereIsRoomAgain() {
        assumeTrue(keepsDataOnDisk(), "no disk to fill");
        store.append(message(0, "before"));
        simulateDiskUsage(store, FULL_DISK);

        AppendResult refused = store.append(message(0, "while full"));
        assertThat(refused.status()).isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        assertThat(refused.reason()).contains("disk full").contains("diskMaxUsedSpaceRatio");
        assertThat(refused.msgIds()).isEmpty();
        assertThat(store.appendBatch(List.of(message(0, "b0"), message(0, "b1"))).status())
            .isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(1);
        assertThat(bodies(readAll(0, 0))).as("reads go on").containsExactly("before");

        simulateDiskUsage(store, ROOMY_DISK);

        AppendResult accepted = store.append(message(0, "after"));
        assertThat(accepted.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(accepted.queueOffset()).isEqualTo(1);
        assertThat(bodies(readAll(0, 0))).containsExactly("before", "after");
    }

    @Test
    void start_onAFullDisk_refusesTheFirstAppend() {
        assumeTrue(keepsDataOnDisk(), "no disk to fill");
        simulateDiskUsage(store, FULL_DISK);
        store.shutdown();

        store = openStore(clock);

        assertThat(store.append(message(0, "x")).status()).isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        simulateDiskUsage(store, ROOMY_DISK);
        assertThat(store.append(message(0, "x")).status()).isEqualTo(AppendStatus.PUT_OK);
    }

    @Test
    void lookup_findsNothing_whereNoRecordWasWritten() {
        AppendResult result = store.append(message(0, "x"));

        assertThat(store.lookup(result.commitLogOffset() + result.wroteBytes())).isEmpty();
        assertThat(store.lookup(1L << 40)).isEmpty();
    }

    @Test
    void appendBatch_storesAllWithConsecutiveOffsets() {
        store.append(message(2, "before"));
        AppendResult result = store.appendBatch(List.of(message(2, "b0"), message(2, "b1"), message(2, "b2")));

        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(result.queueOffset()).isEqualTo(1);
        assertThat(result.messageCount()).isEqualTo(3);
        assertThat(result.msgIds()).doesNotHaveDuplicates();
        assertThat(bodies(readAll(2, 1))).containsExactly("b0", "b1", "b2");
        for (int i = 0; i < 3; i++) {
            long offset = OffsetMessageId.decode(result.msgIds().get(i)).commitLogOffset();
            assertThat(body(store.lookup(offset).orElseThrow())).isEqualTo("b" + i);
        }
    }

    @Test
    void appendBatch_rejectsMessagesForSeveralQueues_andStoresNone() {
        AppendResult result = store.appendBatch(List.of(message(0, "a"), message(1, "b")));

        assertThat(result.status()).isEqualTo(AppendStatus.MESSAGE_ILLEGAL);
        assertThat(result.msgIds()).isEmpty();
        assertThat(store.maxOffset(TOPIC, 0)).isZero();
    }

    @Test
    void append_rejectsABodyAboveTheMaximumSize() {
        AppendResult result = store.append(Message.builder(TOPIC, 0, new byte[8 * 1024 * 1024 + 1]).build());

        assertThat(result.status()).isEqualTo(AppendStatus.MESSAGE_ILLEGAL);
        assertThat(result.reason()).contains("maxMessageSize");
        assertThat(store.maxOffset(TOPIC, 0)).isZero();
    }

    @Test
    void append_ofAHalfMessage_keepsItOutOfTheQueue_butFindableByOffset() {
        Message half = Message.builder(TOPIC, 0, "half".getBytes(StandardCharsets.UTF_8))
            .sysFlag(MessageSysFlag.TRANSACTION_PREPARED_TYPE).build();

        AppendResult result = store.append(half);

        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(result.queueOffset()).isZero();
        assertThat(store.maxOffset(TOPIC, 0)).isZero();
        assertThat(body(store.lookup(result.commitLogOffset()).orElseThrow())).isEqualTo("half");
        assertThat(store.append(message(0, "visible")).queueOffset()).isZero();
    }

    @Test
    void read_returnsStoredRecordsFromAnOffset_upToTheLimit() {
        for (int i = 0; i < 5; i++) {
            store.append(message(0, "m" + i));
        }

        ReadResult result = store.read(TOPIC, 0, 1, 3, MessageFilter.ALL);

        assertThat(result.status()).isEqualTo(ReadStatus.FOUND);
        assertThat(bodies(result)).containsExactly("m1", "m2", "m3");
        assertThat(result.nextBeginOffset()).isEqualTo(4);
        assertThat(result.minOffset()).isZero();
        assertThat(result.maxOffset()).isEqualTo(5);
        assertThat(result.messages()).allSatisfy(record -> {
            assertThat(record.isReadOnly()).isTrue();
            assertThat(record.position()).isZero();
        });
        assertThat(result.totalBytes()).isEqualTo(result.messages().stream().mapToInt(ByteBuffer::remaining).sum());
        assertThat(StoredMessage.decode(result.messages().get(0)).queueOffset()).isEqualTo(1);
    }

    @Test
    void read_ofAnUnknownQueue_saysSo() {
        ReadResult result = store.read("Nothing", 0, 0, 32, MessageFilter.ALL);

        assertThat(result.status()).isIn(ReadStatus.NO_MATCHED_LOGIC_QUEUE, ReadStatus.NO_MESSAGE_IN_QUEUE);
        assertThat(result.nextBeginOffset()).isZero();
        assertThat(result.messages()).isEmpty();
        assertThat(store.maxOffset("Nothing", 0)).isZero();
        assertThat(store.minOffset("Nothing", 0)).isZero();
    }

    @Test
    void read_atTheEnd_isOverflowOne_andBeyondIsOverflowBadly() {
        store.append(message(0, "a"));
        store.append(message(0, "b"));

        ReadResult atEnd = readAll(0, 2);
        assertThat(atEnd.status()).isEqualTo(ReadStatus.OFFSET_OVERFLOW_ONE);
        assertThat(atEnd.nextBeginOffset()).isEqualTo(2);

        ReadResult beyond = readAll(0, 10);
        assertThat(beyond.status()).isEqualTo(ReadStatus.OFFSET_OVERFLOW_BADLY);
        assertThat(beyond.nextBeginOffset()).isEqualTo(2);
        assertThat(beyond.maxOffset()).isEqualTo(2);
    }

    @Test
    void read_filtersByTagsCode() {
        store.append(message(TOPIC, 0, "a1", "TagA"));
        store.append(message(TOPIC, 0, "b1", "TagB"));
        store.append(message(TOPIC, 0, "none", null));
        store.append(message(TOPIC, 0, "a2", "TagA"));

        ReadResult onlyA = store.read(TOPIC, 0, 0, 32, MessageFilter.byTagsCodes(Set.of((int) TagCode.of("TagA"))));
        assertThat(onlyA.status()).isEqualTo(ReadStatus.FOUND);
        assertThat(bodies(onlyA)).containsExactly("a1", "a2");
        assertThat(onlyA.nextBeginOffset()).isEqualTo(4);

        ReadResult none = store.read(TOPIC, 0, 0, 32, MessageFilter.byTagsCodes(Set.of((int) TagCode.of("TagC"))));
        assertThat(none.status()).isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
        assertThat(none.nextBeginOffset()).isEqualTo(4);
        assertThat(none.messages()).isEmpty();
    }

    @Test
    void aScheduleTopicEntry_hasItsDueTimeAsTagsCode_forReadersListenersAndAfterARestart() {
        long dueAt = START_MILLIS + 10_000;
        String properties = MessageProperties.encode(Map.of(MessageProperties.TAGS, "TagA",
            MessageProperties.DELIVER_AT, Long.toString(dueAt)));
        List<Long> heard = new ArrayList<>();
        store.registerArrivalListener((topic, queueId, queueOffset, tagsCode) -> heard.add(tagsCode));

        store.append(Message.builder("SCHEDULE_TOPIC_XXXX", 2, new byte[] {1}).properties(properties)
            .bornHost(BORN_HOST).build());

        assertThat(heard).containsExactly(dueAt);
        assertThat(tagsCodesOf("SCHEDULE_TOPIC_XXXX", 2)).containsExactly(dueAt);
        store.shutdown();
        store = openStore(clock);
        assertThat(tagsCodesOf("SCHEDULE_TOPIC_XXXX", 2)).containsExactly(dueAt);
    }

    private List<Long> tagsCodesOf(String topic, int queueId) {
        List<Long> codes = new ArrayList<>();
        store.read(topic, queueId, 0, 32, tagsCode -> codes.add(tagsCode));
        return codes;
    }

    @Test
    void read_asksTheFilterAboutStoredRecords_forPropertyFilters() {
        store.append(message(TOPIC, 0, "keep", "x"));
        store.append(message(TOPIC, 0, "drop", "x"));
        MessageFilter bodyFilter = new MessageFilter() {
            @Override
            public boolean matchesTagsCode(long tagsCode) {
                return true;
            }

            @Override
            public boolean matchesStored(ByteBuffer record) {
                return body(record).equals("keep");
            }
        };

        assertThat(bodies(store.read(TOPIC, 0, 0, 32, bodyFilter))).containsExactly("keep");
    }

    @Test
    void offsetByTime_findsTheFirstMessageStoredAtOrAfterTheTime() {
        for (int i = 0; i < 4; i++) {
            store.append(message(0, "m" + i));
            clock.advanceMillis(1000);
        }

        assertThat(store.offsetByTime(TOPIC, 0, START_MILLIS - 1)).isZero();
        assertThat(store.offsetByTime(TOPIC, 0, START_MILLIS + 1000)).isEqualTo(1);
        assertThat(store.offsetByTime(TOPIC, 0, START_MILLIS + 1500)).isEqualTo(2);
        assertThat(store.offsetByTime(TOPIC, 0, START_MILLIS + 60_000)).isEqualTo(4);
        assertThat(store.earliestStoreTime(TOPIC, 0)).hasValue(START_MILLIS);
        assertThat(store.earliestStoreTime(TOPIC, 7)).isEmpty();
    }

    @Test
    void arrivalListener_hearsOfEachReadableMessage() {
        List<String> heard = new ArrayList<>();
        store.registerArrivalListener((topic, queueId, queueOffset, tagsCode) -> {
            heard.add(topic + ":" + queueId + "@" + queueOffset + "#" + tagsCode);
            assertThat(store.maxOffset(topic, queueId)).isGreaterThan(queueOffset);
        });

        store.append(message(TOPIC, 3, "a", "TagA"));
        store.appendBatch(List.of(message(TOPIC, 3, "b", null), message(TOPIC, 3, "c", null)));

        assertThat(heard).containsExactly(TOPIC + ":3@0#" + TagCode.of("TagA"), TOPIC + ":3@1#0", TOPIC + ":3@2#0");
    }

    /**
     * A listener that, on purpose, waits (bounded) for an append on another thread: were it told under a
     * lock that appends take, that append could not finish until the listener returned.
     */
    @Test
    void arrivalListener_isToldOutsideTheStoresLocks_soOtherAppendsDoNotWaitForIt() {
        ExecutorService otherAppender = Executors.newSingleThreadExecutor();
        AtomicBoolean probed = new AtomicBoolean();
        List<String> otherAppend = new CopyOnWriteArrayList<>();
        store.registerArrivalListener((topic, queueId, queueOffset, tagsCode) -> {
            if (queueId == 0 && probed.compareAndSet(false, true)) {
                Future<AppendResult> append = otherAppender.submit(() -> store.append(message(1, "other")));
                otherAppend.add(outcome(append));
            }
        });
        try {
            store.append(message(0, "first"));
        } finally {
            otherAppender.shutdownNow();
        }

        assertThat(otherAppend).containsExactly("PUT_OK");
        assertThat(bodies(readAll(1, 0))).containsExactly("other");
    }

    private static String outcome(Future<AppendResult> append) {
        try {
            return append.get(BOUND_SECONDS, TimeUnit.SECONDS).status().name();
        } catch (TimeoutException e) {
            return "still waiting after " + BOUND_SECONDS + " s: the listener was told under a lock appends take";
        } catch (ExecutionException e) {
            return "failed: " + e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    @Test
    void arrivalListener_isLentEachRecordAsStored_fromItsFirstByteToItsEnd() {
        List<String> lent = new ArrayList<>();
        store.registerArrivalListener(new MessageArrivalListener() {
            @Override
            public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
                lent.add("no record @" + queueOffset);
            }

            @Override
            public void arrived(String topic, int queueId, long queueOffset, long tagsCode, ByteBuffer record) {
                int at = record.position();
                assertThat(record.isReadOnly()).isTrue();
                assertThat(record.remaining()).isEqualTo(MessageLayout.totalSize(record, at));
                assertThat(MessageLayout.queueOffset(record, at)).isEqualTo(queueOffset);
                lent.add(queueOffset + ":" + body(record) + ":"
                        + MessageProperties.get(MessageLayout.properties(record, at), MessageProperties.TAGS));
            }
        });

        store.append(message(TOPIC, 1, "a", "TagA"));
        store.appendBatch(List.of(message(TOPIC, 1, "b", "TagB"), message(TOPIC, 1, "c", null)));

        assertThat(lent).containsExactly("0:a:TagA", "1:b:TagB", "2:c:null");
    }

    @Test
    void restart_keepsEverything_andContinuesTheOffsets() {
        AppendResult first = store.append(message(TOPIC, 0, "a", "TagA"));
        store.append(message(1, "b"));
        store.shutdown();

        store = openStore(clock);

        assertThat(bodies(readAll(0, 0))).containsExactly("a");
        assertThat(body(store.lookup(first.commitLogOffset()).orElseThrow())).isEqualTo("a");
        assertThat(store.maxOffset(TOPIC, 1)).isEqualTo(1);
        assertThat(store.append(message(0, "c")).queueOffset()).isEqualTo(1);
        assertThat(bodies(readAll(0, 0))).containsExactly("a", "c");
    }

    @Test
    void append_isRefused_afterShutdown() {
        store.shutdown();

        assertThat(store.append(message(0, "late")).status()).isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        store = openStore(clock);
    }

    @Test
    void crash_withATornLastRecord_dropsOnlyThatRecord_andReusesItsOffset() {
        assumeTrue(canTearLastRecord(), "appends of this store are atomic: no torn record to cut");
        store.append(message(0, "a"));
        store.append(message(1, "other"));
        store.append(message(0, "b"));
        AppendResult torn = store.append(message(0, "c-which-is-torn"));
        crashTearingLastRecord(store, torn);

        store = openStore(clock);

        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(2);
        assertThat(bodies(readAll(0, 0))).containsExactly("a", "b");
        assertThat(bodies(readAll(1, 0))).containsExactly("other");
        assertThat(store.lookup(torn.commitLogOffset())).isEmpty();
        AppendResult again = store.append(message(0, "d"));
        assertThat(again.queueOffset()).isEqualTo(2);
        assertThat(again.commitLogOffset()).isEqualTo(torn.commitLogOffset());
        assertThat(bodies(readAll(0, 0))).containsExactly("a", "b", "d");
    }
    // ---------------------------------------------------------------- delete topic

    private void appendToBothTopics() {
        store.append(keyed(TOPIC, "old-0", "order-1", "U-OLD-0"));
        store.append(message(TOPIC, 0, "old-1", "TagA"));
        store.append(message(3, "old-q3"));
        store.append(keyed("OtherTopic", "kept", "order-1", "U-KEPT"));
    }

    private void assertTopicDeleted_andOtherTopicKept() {
        for (int queueId : new int[] {0, 3}) {
            assertThat(store.minOffset(TOPIC, queueId)).isZero();
            assertThat(store.maxOffset(TOPIC, queueId)).isZero();
            assertThat(readAll(queueId, 0).messages()).isEmpty();
            assertThat(store.earliestStoreTime(TOPIC, queueId)).isEmpty();
        }
        assertThat(query("order-1").messages()).isEmpty();
        assertThat(query(IndexType.UNIQUE_KEY, "U-OLD-0").messages()).isEmpty();
        assertThat(store.maxOffset("OtherTopic", 0)).isEqualTo(1);
        assertThat(bodies(store.read("OtherTopic", 0, 0, 32, MessageFilter.ALL))).containsExactly("kept");
        assertThat(bodies(store.queryByKey("OtherTopic", IndexType.KEYS, "order-1", 32, 0, Long.MAX_VALUE)))
                .containsExactly("kept");
    }

    @Test
    void deleteTopic_forgetsItsQueuesAndKeys_andLeavesOtherTopicsAlone() {
        appendToBothTopics();

        store.deleteTopic(TOPIC);

        assertTopicDeleted_andOtherTopicKept();
    }

    @Test
    void queuedTopics_listTopicsWithQueues_withoutADeletedOne_alsoAfterARestart() {
        appendToBothTopics();
        assertThat(housekeeping().queuedTopics()).contains(TOPIC, "OtherTopic");

        store.deleteTopic(TOPIC);
        assertThat(housekeeping().queuedTopics()).contains("OtherTopic").doesNotContain(TOPIC);

        store.shutdown();
        store = openStore(clock);
        assertThat(housekeeping().queuedTopics()).contains("OtherTopic").doesNotContain(TOPIC);
    }

    @Test
    void backlog_isNothing_onceAFlushReturns() {
        store.append(message(0, "a"));
        store.appendBatch(List.of(message(1, "b0"), message(1, "b1")));

        store.flush();

        assertThat(backlog().undispatchedBytes()).isZero();
        assertThat(backlog().unflushedBytes()).isZero();
    }

    @Test
    void backlog_neverCountsMoreThanWasAppended_andNothingUndispatchedOnceAnAppendReturns() {
        AppendResult appended = store.append(message(0, "a"));

        assertThat(backlog().undispatchedBytes()).as("the append returned readable").isZero();
        assertThat(backlog().unflushedBytes()).isBetween(0L, (long) appended.wroteBytes());
    }

    /** Every local store says how far it is behind its appends (mqadmin brokerStatus). */
    private StoreBacklog backlog() {
        assertThat(store).isInstanceOf(StoreBacklog.class);
        return (StoreBacklog) store;
    }

    /** Every local store offers the operator's housekeeping (mqadmin cleanUnusedTopic and friends). */
    private StoreHousekeeping housekeeping() {
        assertThat(store).isInstanceOf(StoreHousekeeping.class);
        return (StoreHousekeeping) store;
    }

    @Test
    void deleteTopic_thenAppend_startsTheTopicAgainAtOffsetZero() {
        appendToBothTopics();
        store.deleteTopic(TOPIC);

        AppendResult fresh = store.append(keyed(TOPIC, "new-0", "order-1", "U-NEW-0"));

        assertThat(fresh.queueOffset()).isZero();
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(1);
        assertThat(bodies(readAll(0, 0))).containsExactly("new-0");
        assertThat(bodies(query("order-1"))).containsExactly("new-0");
        assertThat(store.append(message("OtherTopic", 0, "kept-2", null)).queueOffset()).isEqualTo(1);
    }

    @Test
    void deleteTopic_staysDeleted_afterARestart() {
        appendToBothTopics();
        store.deleteTopic(TOPIC);
        store.shutdown();

        store = openStore(clock);

        assertTopicDeleted_andOtherTopicKept();
        assertThat(store.append(message(0, "new-0")).queueOffset()).isZero();
    }

    @Test
    void deleteTopic_thenNewMessages_surviveARestart_withoutTheOldOnes() {
        appendToBothTopics();
        store.deleteTopic(TOPIC);
        store.append(keyed(TOPIC, "new-0", "order-1", "U-NEW-0"));
        store.append(message(0, "new-1"));
        store.shutdown();

        store = openStore(clock);

        assertThat(bodies(readAll(0, 0))).containsExactly("new-0", "new-1");
        assertThat(store.maxOffset(TOPIC, 3)).isZero();
        assertThat(bodies(query("order-1"))).containsExactly("new-0");
        assertThat(store.append(message(0, "new-2")).queueOffset()).isEqualTo(2);
    }

    @Test
    void deleteTopic_staysDeleted_afterACrashThatRecoversFromBeforeTheDeletion() {
        assumeTrue(canTearLastRecord(), "appends of this store are atomic: no torn record to cut");
        appendToBothTopics();
        store.deleteTopic(TOPIC);
        store.append(message(0, "new-0"));
        AppendResult torn = store.append(message("OtherTopic", 0, "torn", null));
        crashTearingLastRecord(store, torn);

        store = openStore(clock);

        assertThat(bodies(readAll(0, 0))).containsExactly("new-0");
        assertThat(store.maxOffset(TOPIC, 3)).isZero();
        assertThat(query("order-1").messages()).isEmpty();
        assertThat(store.maxOffset("OtherTopic", 0)).isEqualTo(1);
    }

    @Test
    void deleteTopic_ofAnUnknownTopic_changesNothing() {
        appendToBothTopics();

        store.deleteTopic("NeverSeen");

        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(2);
        assertThat(store.maxOffset("OtherTopic", 0)).isEqualTo(1);
    }

    // ---------------------------------------------------------------- query by key

    protected static Message keyed(String topic, String body, String keys, String uniqueKey) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(MessageProperties.KEYS, keys);
        properties.put(MessageProperties.UNIQ_KEY, uniqueKey);
        return Message.builder(topic, 0, body.getBytes(StandardCharsets.UTF_8))
            .properties(MessageProperties.encode(properties)).bornHost(BORN_HOST).bornTimestamp(START_MILLIS - 5).build();
    }

    protected static List<String> bodies(QueryResult result) {
        List<String> bodies = new ArrayList<>();
        for (ByteBuffer record : result.messages()) {
            bodies.add(body(record));
        }
        return bodies;
    }

    protected QueryResult query(String key) {
        return store.queryByKey(TOPIC, IndexType.KEYS, key, 32, 0, Long.MAX_VALUE);
    }

    @Test
    void queryByKey_findsAMessageByEachOfItsKeys_andByItsUniqueKey_newestFirst() {
        store.append(keyed(TOPIC, "a", "order-1 customer-7", "U-A"));
        clock.advanceMillis(1);
        store.append(keyed(TOPIC, "b", "order-2 customer-7", "U-B"));
        store.append(keyed("OtherTopic", "elsewhere", "order-1", "U-C"));

        assertThat(bodies(query("order-1"))).containsExactly("a");
        assertThat(bodies(query("customer-7"))).containsExactly("b", "a");
        assertThat(bodies(query(IndexType.UNIQUE_KEY, "U-B"))).containsExactly("b");
        assertThat(bodies(store.queryByKey("OtherTopic", IndexType.KEYS, "order-1", 32, 0, Long.MAX_VALUE)))
                .containsExactly("elsewhere");
        assertThat(query("order-3").messages()).isEmpty();
        assertThat(query("order").messages()).isEmpty();
    }

    @Test
    void queryByKey_returnsEachMessageOnce_whenAKeyRepeats() {
        store.append(keyed(TOPIC, "a", "same same U-A", "U-A"));

        assertThat(bodies(query("same"))).containsExactly("a");
        assertThat(bodies(query("U-A"))).containsExactly("a");
        assertThat(bodies(query(IndexType.UNIQUE_KEY, "U-A"))).containsExactly("a");
    }

    protected static Message tagged(String topic, String body, String tag, String keys, String uniqueKey) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(MessageProperties.TAGS, tag);
        properties.put(MessageProperties.KEYS, keys);
        properties.put(MessageProperties.UNIQ_KEY, uniqueKey);
        return Message.builder(topic, 0, body.getBytes(StandardCharsets.UTF_8))
            .properties(MessageProperties.encode(properties)).bornHost(BORN_HOST).bornTimestamp(START_MILLIS - 5).build();
    }

    protected QueryResult query(IndexType type, String key) {
        return store.queryByKey(TOPIC, type, key, 32, 0, Long.MAX_VALUE);
    }

    @Test
    void queryByTag_findsATaggedMessageByItsTag_newestFirst_butNotByItsKeys() {
        store.append(tagged(TOPIC, "a", "TagA", "order-1", "U-A"));
        clock.advanceMillis(1);
        store.append(tagged(TOPIC, "b", "TagA", "order-2", "U-B"));
        store.append(tagged(TOPIC, "c", "TagB", "TagA", "U-C"));
        store.append(tagged("OtherTopic", "elsewhere", "TagA", "order-1", "U-D"));

        assertThat(bodies(query(IndexType.TAG, "TagA"))).containsExactly("b", "a");
        assertThat(bodies(query(IndexType.TAG, "TagB"))).containsExactly("c");
        assertThat(query(IndexType.TAG, "order-1").messages()).isEmpty();
        assertThat(query(IndexType.TAG, "U-A").messages()).isEmpty();
        assertThat(query(IndexType.TAG, "Tag").messages()).isEmpty();
    }

    @Test
    void queryByKeys_findsByTheKeysOnly_neverByTheTagOrTheUniqueKey() {
        store.append(tagged(TOPIC, "a", "TagA", "order-1", "U-A"));

        assertThat(query(IndexType.KEYS, "TagA").messages()).isEmpty();
        assertThat(bodies(query(IndexType.KEYS, "order-1"))).containsExactly("a");
        assertThat(query(IndexType.KEYS, "U-A").messages()).as("the unique key is not one of the KEYS").isEmpty();
    }

    @Test
    void queryByUniqueKey_findsByTheUniqueKeyOnly_notByAnEqualKeysValue() {
        store.append(keyed(TOPIC, "owner", "order-1", "U-A"));
        store.append(keyed(TOPIC, "lookalike", "U-A", "U-B"));

        assertThat(bodies(query(IndexType.UNIQUE_KEY, "U-A"))).containsExactly("owner");
        assertThat(query(IndexType.UNIQUE_KEY, "order-1").messages()).isEmpty();
        assertThat(bodies(query(IndexType.KEYS, "U-A"))).containsExactly("lookalike");
    }

    @Test
    void queryByTag_findsTaggedMessages_afterARestart() {
        store.append(tagged(TOPIC, "a", "TagA", "k", "U-A"));
        store.shutdown();

        store = openStore(clock);
        store.append(tagged(TOPIC, "b", "TagA", "k", "U-B"));

        assertThat(bodies(query(IndexType.TAG, "TagA"))).containsExactly("b", "a");
    }

    @Test
    void queryByKey_keepsToTheStoreTimeBounds_inclusive() {
        store.append(keyed(TOPIC, "early", "k", "U-1"));
        clock.advanceMillis(10_000);
        AppendResult middle = store.append(keyed(TOPIC, "middle", "k", "U-2"));
        clock.advanceMillis(10_000);
        store.append(keyed(TOPIC, "late", "k", "U-3"));
        long at = middle.storeTimestamp();

        assertThat(bodies(store.queryByKey(TOPIC, IndexType.KEYS, "k", 32, at, at))).containsExactly("middle");
        assertThat(bodies(store.queryByKey(TOPIC, IndexType.KEYS, "k", 32, at + 1, Long.MAX_VALUE)))
                .containsExactly("late");
        assertThat(bodies(store.queryByKey(TOPIC, IndexType.KEYS, "k", 32, 0, at - 1))).containsExactly("early");
        assertThat(store.queryByKey(TOPIC, IndexType.KEYS, "k", 32, at + 1, at + 9_999).messages()).isEmpty();
    }

    @Test
    void queryByKey_returnsAtMostMaxNum_theNewest() {
        for (int i = 0; i < 5; i++) {
            store.append(keyed(TOPIC, "m" + i, "k", "U-" + i));
        }

        assertThat(bodies(store.queryByKey(TOPIC, IndexType.KEYS, "k", 2, 0, Long.MAX_VALUE)))
                .containsExactly("m4", "m3");
        assertThat(store.queryByKey(TOPIC, IndexType.KEYS, "k", 0, 0, Long.MAX_VALUE).messages()).isEmpty();
    }

    @Test
    void queryByKey_findsManyMessages_acrossWhatTheStoreRolls() {
        for (int i = 0; i < 300; i++) {
            store.append(keyed(TOPIC, "m" + i, "key-" + (i % 7) + " all", "U-" + i));
        }

        assertThat(bodies(query(IndexType.UNIQUE_KEY, "U-123"))).containsExactly("m123");
        assertThat(bodies(store.queryByKey(TOPIC, IndexType.KEYS, "key-3", 64, 0, Long.MAX_VALUE))).hasSize(43)
            .startsWith("m297", "m290").endsWith("m3");
        assertThat(bodies(store.queryByKey(TOPIC, IndexType.KEYS, "all", 3, 0, Long.MAX_VALUE)))
                .containsExactly("m299", "m298", "m297");
    }

    @Test
    void queryByKey_reportsTheNewestIndexedMessage() {
        assertThat(query("k").indexLastUpdatePhyoffset()).isZero();
        store.append(keyed(TOPIC, "a", "k", "U-1"));
        clock.advanceMillis(5);
        AppendResult last = store.append(keyed(TOPIC, "b", "other", "U-2"));

        QueryResult result = query("k");

        assertThat(result.indexLastUpdatePhyoffset()).isEqualTo(last.commitLogOffset());
        assertThat(result.indexLastUpdateTimestamp()).isEqualTo(last.storeTimestamp());
    }

    @Test
    void queryByKey_neverFindsARolledBackTransactionRecord() {
        Message rollback = Message.builder(TOPIC, 0, "gone".getBytes(StandardCharsets.UTF_8))
            .properties(MessageProperties.encode(Map.of(MessageProperties.KEYS, "k")))
            .sysFlag(MessageSysFlag.TRANSACTION_ROLLBACK_TYPE).bornHost(BORN_HOST).build();
        store.append(rollback);

        assertThat(query("k").messages()).isEmpty();
    }

    @Test
    void queryByKey_findsEverything_afterARestart_andWhatIsAppendedThen() {
        store.append(keyed(TOPIC, "a", "k", "U-A"));
        store.append(keyed(TOPIC, "b", "k", "U-B"));
        store.shutdown();

        store = openStore(clock);
        store.append(keyed(TOPIC, "c", "k", "U-C"));

        assertThat(bodies(query("k"))).containsExactly("c", "b", "a");
        assertThat(bodies(query(IndexType.UNIQUE_KEY, "U-A"))).containsExactly("a");
    }

    @Test
    void queryByKey_afterATornTail_findsNothingOfTheTornRecord_andIndexesItsSuccessor() {
        assumeTrue(canTearLastRecord(), "appends of this store are atomic: no torn record to cut");
        store.append(keyed(TOPIC, "a", "k", "U-A"));
        AppendResult torn = store.append(keyed(TOPIC, "torn", "k lost", "U-TORN"));
        crashTearingLastRecord(store, torn);

        store = openStore(clock);

        assertThat(bodies(query("k"))).containsExactly("a");
        assertThat(query("lost").messages()).isEmpty();
        assertThat(query(IndexType.UNIQUE_KEY, "U-TORN").messages()).isEmpty();
        assertThat(query("k").indexLastUpdatePhyoffset()).isLessThan(torn.commitLogOffset());
        AppendResult again = store.append(keyed(TOPIC, "d", "k new", "U-D"));
        assertThat(again.commitLogOffset()).isEqualTo(torn.commitLogOffset());
        assertThat(bodies(query("k"))).containsExactly("d", "a");
        assertThat(bodies(query("new"))).containsExactly("d");
        assertThat(query("lost").messages()).isEmpty();
    }

    // ---------------------------------------------------------------- asynchronous appends

    /** The stage's value; a stage still open after the bound fails the test. */
    protected static <T> T completed(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the stage", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("the stage did not complete normally within " + BOUND_SECONDS + " s", e);
        }
    }

    @Test
    void appendAsync_completesWithWhatAppendReturns_onceTheMessageIsReadable() {
        store.append(message(0, "first"));
        clock.advanceMillis(10);

        CompletionStage<AppendResult> appending = store.appendAsync(message(TOPIC, 0, "second", "TagA"));
        List<String> readableOnCompletion = completed(appending.thenApply(appended -> bodies(readAll(0, 0))));
        AppendResult result = completed(appending);

        assertThat(readableOnCompletion).containsExactly("first", "second");
        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(result.queueOffset()).isEqualTo(1);
        assertThat(result.storeTimestamp()).isEqualTo(START_MILLIS + 10);
        assertThat(result.msgId()).isEqualTo(OffsetMessageId.encode(STORE_HOST, result.commitLogOffset()));
        ByteBuffer record = store.lookup(result.commitLogOffset()).orElseThrow();
        assertThat(record.remaining()).isEqualTo(result.wroteBytes());
        assertThat(body(record)).isEqualTo("second");
    }

    @Test
    void appendBatchAsync_storesAllWithConsecutiveOffsets() {
        store.append(message(2, "before"));

        AppendResult result = completed(store.appendBatchAsync(List.of(message(2, "b0"), message(2, "b1"))));

        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(result.queueOffset()).isEqualTo(1);
        assertThat(result.msgIds()).hasSize(2).doesNotHaveDuplicates();
        assertThat(bodies(readAll(2, 0))).containsExactly("before", "b0", "b1");
        for (int i = 0; i < 2; i++) {
            long offset = OffsetMessageId.decode(result.msgIds().get(i)).commitLogOffset();
            assertThat(body(store.lookup(offset).orElseThrow())).isEqualTo("b" + i);
        }
    }

    @Test
    void appendAsync_completesWithTheRejection_ofAMessageItDoesNotStore() {
        AppendResult tooLarge = completed(store.appendAsync(Message.builder(TOPIC, 0, new byte[8 * 1024 * 1024 + 1])
            .build()));
        AppendResult mixedQueues = completed(store.appendBatchAsync(List.of(message(0, "a"), message(1, "b"))));

        assertThat(tooLarge.status()).isEqualTo(AppendStatus.MESSAGE_ILLEGAL);
        assertThat(tooLarge.reason()).contains("maxMessageSize");
        assertThat(mixedQueues.status()).isEqualTo(AppendStatus.MESSAGE_ILLEGAL);
        assertThat(mixedQueues.msgIds()).isEmpty();
        assertThat(store.maxOffset(TOPIC, 0)).isZero();
        assertThat(store.maxOffset(TOPIC, 1)).isZero();
    }

    @Test
    void appendAsync_afterShutdown_completesWithServiceNotAvailable() {
        store.shutdown();

        assertThat(completed(store.appendAsync(message(0, "late"))).status())
            .isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        assertThat(completed(store.appendBatchAsync(List.of(message(0, "late")))).status())
            .isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        store = openStore(clock);
    }

    // ---------------------------------------------------------------- appends "as given"

    /** A leader's address, neither store's own. */
    protected static final HostAddress LEADER_HOST = HostAddress.of(new byte[] {10, 0, 0, 9}, 20911);

    protected static byte[] bytes(ByteBuffer record) {
        ByteBuffer view = record.duplicate();
        byte[] bytes = new byte[view.remaining()];
        view.get(bytes);
        return bytes;
    }

    @Test
    void appendAsGiven_writesExactlyTheGivenTimestampAndHost_intoWhatLookupAndReadReturn() {
        StoreStamp stamp = new StoreStamp(START_MILLIS - 60_000, LEADER_HOST);

        AppendResult result = store.append(message(TOPIC, 0, "given", "TagA"), stamp);

        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(result.storeTimestamp()).isEqualTo(START_MILLIS - 60_000);
        assertThat(result.msgId()).isEqualTo(OffsetMessageId.encode(LEADER_HOST, result.commitLogOffset()));
        ByteBuffer looked = store.lookup(result.commitLogOffset()).orElseThrow();
        ByteBuffer read = readAll(0, 0).messages().get(0);
        for (ByteBuffer record : List.of(looked, read)) {
            StoredMessage stored = StoredMessage.decode(record);
            assertThat(stored.storeTimestamp()).isEqualTo(START_MILLIS - 60_000);
            assertThat(stored.storeHost()).isEqualTo(LEADER_HOST);
            assertThat(stored.bornHost()).isEqualTo(BORN_HOST);
            assertThat(stored.commitLogOffset()).isEqualTo(result.commitLogOffset());
        }
        assertThat(bytes(read)).isEqualTo(bytes(looked));
    }

    @Test
    void appendBatchAsGiven_stampsEveryRecord_anIpv6HostIncluded() {
        HostAddress ipv6 = HostAddress.of(new byte[] {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
            10911);
        store.append(message(1, "own"));

        AppendResult result = store.appendBatch(List.of(message(1, "b0"), message(1, "b1"), message(1, "b2")),
            new StoreStamp(START_MILLIS + 5, ipv6));

        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(result.queueOffset()).isEqualTo(1);
        assertThat(result.storeTimestamp()).isEqualTo(START_MILLIS + 5);
        List<ByteBuffer> read = readAll(1, 1).messages();
        assertThat(read).hasSize(3);
        for (int i = 0; i < 3; i++) {
            long offset = OffsetMessageId.decode(result.msgIds().get(i)).commitLogOffset();
            assertThat(result.msgIds().get(i)).isEqualTo(OffsetMessageId.encode(ipv6, offset));
            StoredMessage stored = StoredMessage.decode(store.lookup(offset).orElseThrow());
            assertThat(stored.storeHost()).isEqualTo(ipv6);
            assertThat(stored.storeTimestamp()).isEqualTo(START_MILLIS + 5);
            assertThat(stored.queueOffset()).isEqualTo(1 + i);
            assertThat(new String(stored.body(), StandardCharsets.UTF_8)).isEqualTo("b" + i);
            assertThat(bytes(read.get(i))).isEqualTo(bytes(store.lookup(offset).orElseThrow()));
        }
    }

    @Test
    void append_afterAnAppendAsGiven_isStampedWithTheStoresOwnClockAndHost() {
        store.append(message(0, "given"), new StoreStamp(START_MILLIS - 1_000, LEADER_HOST));
        clock.advanceMillis(7);

        AppendResult own = store.append(message(0, "own"));

        StoredMessage stored = StoredMessage.decode(store.lookup(own.commitLogOffset()).orElseThrow());
        assertThat(stored.storeTimestamp()).isEqualTo(START_MILLIS + 7);
        assertThat(stored.storeHost()).isEqualTo(STORE_HOST);
        assertThat(own.queueOffset()).isEqualTo(1);
        assertThat(own.msgId()).isEqualTo(OffsetMessageId.encode(STORE_HOST, own.commitLogOffset()));
    }

    @Test
    void appendAsGiven_isRefusedLikeAnyAppend_whenTheMessageIsIllegal() {
        StoreStamp stamp = new StoreStamp(START_MILLIS, LEADER_HOST);

        assertThat(store.append(Message.builder(TOPIC, 0, new byte[8 * 1024 * 1024 + 1]).build(), stamp).status())
            .isEqualTo(AppendStatus.MESSAGE_ILLEGAL);
        assertThat(store.appendBatch(List.of(message(0, "a"), message(1, "b")), stamp).status())
            .isEqualTo(AppendStatus.MESSAGE_ILLEGAL);
        assertThat(store.maxOffset(TOPIC, 0)).isZero();
        assertThat(store.commitLogMaxOffset()).isZero();
    }

    /**
     * What replication rests on: two replicas that apply the same decisions in the same order (appends as
     * given, singles and batches over several topics and queues, a transaction half hidden from the queues,
     * a topic deletion and the topic's rebirth, enough bytes to fill more than one file of the test
     * stores) end with the same bytes at the same places, although their own clocks differ.
     */
    @Test
    void twoFreshStores_givenTheSameAppendsAsGiven_holdByteIdenticalRecords_atTheSameOffsets() {
        MessageStore replica = openIndependentStore(new ManualClock(START_MILLIS + 3_600_000));
        try {
            List<AppendResult> leaderResults = new ArrayList<>();
            List<AppendResult> replicaResults = new ArrayList<>();
            String filler = "x".repeat(3000);
            for (int round = 0; round < 30; round++) {
                StoreStamp stamp = new StoreStamp(START_MILLIS + round * 10L, LEADER_HOST);
                List<Message> batch = List.of(message(TOPIC, 1, "batch-" + round + "-0", "TagB"),
                    message(TOPIC, 1, "batch-" + round + "-1", null));
                Message single = message(TOPIC, round % 3, "single-" + round + filler, "TagA");
                Message other = keyed("OtherTopic", "other-" + round, "order-" + round, "U-" + round);
                Message half = Message.builder(TOPIC, 0, ("half-" + round).getBytes(StandardCharsets.UTF_8))
                    .sysFlag(MessageSysFlag.TRANSACTION_PREPARED_TYPE).bornHost(BORN_HOST).build();
                for (MessageStore each : List.of(store, replica)) {
                    List<AppendResult> results = each == store ? leaderResults : replicaResults;
                    results.add(each.append(single, stamp));
                    results.add(each.appendBatch(batch, stamp));
                    results.add(each.append(other, stamp));
                    if (round % 7 == 3) {
                        results.add(each.append(half, stamp));
                    }
                    if (round == 15) {
                        each.deleteTopic("OtherTopic");
                    }
                }
            }

            assertThat(replicaResults).isEqualTo(leaderResults);
            assertThat(leaderResults).allSatisfy(result -> assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK));
            assertThat(replica.commitLogMaxOffset()).isEqualTo(store.commitLogMaxOffset())
                .isGreaterThan(64 * 1024);
            for (AppendResult result : leaderResults) {
                for (String msgId : result.msgIds()) {
                    long offset = OffsetMessageId.decode(msgId).commitLogOffset();
                    assertThat(bytes(replica.lookup(offset).orElseThrow()))
                        .isEqualTo(bytes(store.lookup(offset).orElseThrow()));
                }
            }
            for (String topic : List.of(TOPIC, "OtherTopic")) {
                for (int queueId = 0; queueId < 3; queueId++) {
                    assertThat(replica.maxOffset(topic, queueId)).isEqualTo(store.maxOffset(topic, queueId));
                    long offset = 0;
                    while (offset < store.maxOffset(topic, queueId)) {
                        ReadResult leaderRead = store.read(topic, queueId, offset, 32, MessageFilter.ALL);
                        ReadResult replicaRead = replica.read(topic, queueId, offset, 32, MessageFilter.ALL);
                        assertThat(replicaRead.nextBeginOffset()).isEqualTo(leaderRead.nextBeginOffset());
                        assertThat(replicaRead.messages()).hasSameSizeAs(leaderRead.messages());
                        for (int i = 0; i < leaderRead.messages().size(); i++) {
                            assertThat(bytes(replicaRead.messages().get(i)))
                                .isEqualTo(bytes(leaderRead.messages().get(i)));
                        }
                        assertThat(leaderRead.nextBeginOffset()).isGreaterThan(offset);
                        offset = leaderRead.nextBeginOffset();
                    }
                }
            }
            assertThat(store.maxOffset("OtherTopic", 0)).isEqualTo(14);
            assertThat(bodies(replica.queryByKey("OtherTopic", IndexType.KEYS, "order-20", 32, 0, Long.MAX_VALUE)))
                .containsExactly("other-20");
        } finally {
            replica.shutdown();
        }
    }

    // ---------------------------------------------------------------- where the log ends

    @Test
    void commitLogMaxOffset_isZeroForAnEmptyStore_andThenTheEndOfTheLastRecord() {
        assertThat(store.commitLogMaxOffset()).isZero();

        AppendResult first = store.append(message(0, "a"));
        assertThat(store.commitLogMaxOffset()).isEqualTo(first.commitLogOffset() + first.wroteBytes());
        AppendResult batch = store.appendBatch(List.of(message(1, "b0"), message(1, "b1")));
        assertThat(batch.commitLogOffset()).isGreaterThanOrEqualTo(first.commitLogOffset() + first.wroteBytes());
        long end = batch.commitLogOffset() + batch.wroteBytes();
        assertThat(store.commitLogMaxOffset()).isEqualTo(end);

        store.append(Message.builder(TOPIC, 0, new byte[8 * 1024 * 1024 + 1]).build());
        store.deleteTopic("NeverSeen");
        store.deleteTopic(TOPIC);
        assertThat(store.commitLogMaxOffset()).as("refusals and deletions do not move it").isEqualTo(end);
    }

    @Test
    void commitLogMaxOffset_afterARestart_isWhereTheLogEnded() {
        store.append(message(0, "a"));
        AppendResult last = store.appendBatch(List.of(message(1, "b0"), message(1, "b1")));
        store.shutdown();

        store = openStore(clock);

        assertThat(store.commitLogMaxOffset()).isEqualTo(last.commitLogOffset() + last.wroteBytes());
        AppendResult next = store.append(message(0, "c"));
        assertThat(next.commitLogOffset()).isEqualTo(last.commitLogOffset() + last.wroteBytes());
    }

    @Test
    void commitLogMaxOffset_afterACrashThatToreTheLastRecord_isWhereRecoveryCutTheLog() {
        assumeTrue(canTearLastRecord(), "appends of this store are atomic: no torn record to cut");
        store.append(message(0, "a"));
        AppendResult torn = store.append(message(0, "b-which-is-torn"));
        crashTearingLastRecord(store, torn);

        store = openStore(clock);

        assertThat(store.commitLogMaxOffset()).isEqualTo(torn.commitLogOffset());
        assertThat(store.append(message(0, "c")).commitLogOffset()).isEqualTo(torn.commitLogOffset());
    }
}

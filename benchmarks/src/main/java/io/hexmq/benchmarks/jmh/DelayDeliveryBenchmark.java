package io.hexmq.benchmarks.jmh;

import io.hexmq.adapters.file.state.JsonDelayProgressStore;
import io.hexmq.application.message.DeliverDueMessages;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.SystemTopics;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The delay scheduler draining a backlog: {@value #MESSAGES} 1 KiB messages parked at delay level 1 in
 * {@code SCHEDULE_TOPIC_XXXX} of a file store (asynchronous flush, small segments), laid out as
 * {@code DelayedDelivery.park} lays them out; the clock is then moved past their due time and
 * {@link DeliverDueMessages#deliver()} is called until all of them were delivered to their real topic
 * (it delivers at most 1024 per level per call). Each iteration gets a fresh store and backlog. One
 * operation is one message delivered: read from the schedule queue, decoded, unparked, appended. The
 * score is microseconds per message delivered; messages/s = 1,000,000 / score.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OperationsPerInvocation(DelayDeliveryBenchmark.MESSAGES)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class DelayDeliveryBenchmark extends StoreBenchmark {

    static final int MESSAGES = 10_000;
    static final int BODY_BYTES = 1024;
    static final int LEVEL = 1;
    static final int REAL_QUEUES = 4;
    /** When the backlog was parked, on the scheduler's clock. */
    static final long PARKED_AT = 1_700_000_000_000L;

    private final SettableClock clock = new SettableClock(PARKED_AT);
    private Path directory;
    private MessageStore messageStore;
    private DeliverDueMessages deliverDue;

    @Setup(Level.Iteration)
    public void parkBacklog() {
        directory = BenchmarkStores.temporaryDirectory();
        messageStore = BenchmarkStores.openSchedulerStore(directory);
        DelayLevels levels = MessageSettings.defaults().messageDelayLevel();
        long dueAt = PARKED_AT + levels.delayMillis(LEVEL);
        for (int i = 0; i < MESSAGES; i++) {
            Message parked = parked(BenchmarkStores.message(i % REAL_QUEUES, BODY_BYTES), levels, dueAt);
            if (!messageStore.append(parked).status().isStored()) {
                throw new IllegalStateException("could not park message " + i);
            }
        }
        clock.now = PARKED_AT;
        deliverDue = new DeliverDueMessages(messageStore,
            new JsonDelayProgressStore(directory.resolve("config").resolve("delayOffset.json")), clock,
            MessageSettings.defaults());
        DeliverDueMessages.Result early = deliverDue.deliver();
        if (early.delivered() != 0 || early.nextDueMillis() != dueAt) {
            throw new IllegalStateException("backlog not parked as expected: " + early);
        }
        clock.now = dueAt + 1;
    }

    /** The message as {@code DelayedDelivery.park} stores it (that class is package-private). */
    private static Message parked(Message message, DelayLevels levels, long dueAt) {
        Map<String, String> properties = new LinkedHashMap<>(MessageProperties.decode(message.properties()));
        properties.put(MessageProperties.DELAY_TIME_LEVEL, Integer.toString(LEVEL));
        properties.put(MessageProperties.REAL_TOPIC, message.topic());
        properties.put(MessageProperties.REAL_QUEUE_ID, Integer.toString(message.queueId()));
        properties.put(MessageProperties.DELIVER_AT, Long.toString(dueAt));
        return new Message(SystemTopics.SCHEDULE_TOPIC.value(), levels.queueIdOf(LEVEL), message.flag(),
            message.body(), MessageProperties.encode(properties), message.sysFlag(), message.bornTimestamp(),
            message.bornHost(), message.reconsumeTimes(), message.preparedTransactionOffset());
    }

    @TearDown(Level.Iteration)
    public void close() {
        messageStore.shutdown();
        BenchmarkStores.delete(directory);
    }

    /** Drains the whole due backlog; fails when fewer than {@value #MESSAGES} were delivered. */
    @Benchmark
    public int deliverBacklog() {
        int delivered = 0;
        while (delivered < MESSAGES) {
            DeliverDueMessages.Result result = deliverDue.deliver();
            if (result.delivered() == 0) {
                throw new IllegalStateException("stalled after " + delivered + ": " + result);
            }
            delivered += result.delivered();
        }
        return delivered;
    }
}

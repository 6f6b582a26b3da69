package io.hexmq.benchmarks.jmh;

import io.hexmq.adapters.file.state.JsonTimerProgressStore;
import io.hexmq.application.message.DeliverDueTimerMessages;
import io.hexmq.application.message.TimerCounts;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.TimerProgressStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopics;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The timer scheduler ({@link DeliverDueTimerMessages}) over 1 KiB timer messages parked in
 * {@code rmq_sys_wheel_timer} queue 0 of a file store ({@link BenchmarkStores#openSchedulerStore}), laid
 * out as {@code TimerParking.park} lays them out for a send with {@code TIMER_DELIVER_MS}. The scheduler's
 * clock is moved by hand; the store's is the system clock.
 *
 * <ul>
 *   <li>{@link #deliverBacklog}: {@value #BACKLOG} messages due at scattered times within an hour, the
 *       clock then set past the last, and {@code deliver()} called until all are delivered to their real
 *       topic (at most 1,024 per call, progress saved to {@link JsonTimerProgressStore} after each). The
 *       first call also reads every parked record into the scheduler's index, which a running broker does
 *       on the tick after each send, so the figure is the scheduler's whole work per timer message. Due
 *       order is not send order, so the records are read back from the commit log out of order. Single
 *       shot, fresh store and backlog per iteration; score in µs per message.</li>
 *   <li>{@link #tick}: the claim in the scheduler's Javadoc that a tick costs the same however many
 *       messages wait. {@code waiting} messages wait; before every tick the clock moves one millisecond
 *       and {@value #ARRIVALS_PER_TICK} new messages are parked with delays uniform over a horizon chosen
 *       so that as many come due per tick as arrive: on average a tick reads {@value #ARRIVALS_PER_TICK}
 *       new records into the index at random places and delivers {@value #ARRIVALS_PER_TICK} from its
 *       head, and {@code waiting} stays about constant (the backlog starts in that steady state). The parking
 *       is outside the measurement. {@code progress=file} saves progress as the broker does (two fsyncs
 *       per tick that delivered); {@code progress=memory} keeps it in memory to show what the index and
 *       the store cost alone. The store is restarted after parking the backlog, so the measurement
 *       does not pay for writing back the setup's pages. Score in µs per tick; the trial fails when the
 *       ticks did not deliver about {@value #ARRIVALS_PER_TICK} each or the waiting count drifted.</li>
 * </ul>
 */
public class TimerDeliveryBenchmark extends StoreBenchmark {

    static final int BACKLOG = 10_000;
    static final long BACKLOG_SPREAD_MILLIS = 3_600_000;
    static final int ARRIVALS_PER_TICK = 16;
    static final int BODY_BYTES = 1024;
    static final int REAL_QUEUES = 4;
    /** When the messages were parked, on the scheduler's clock. */
    static final long PARKED_AT = 1_700_000_000_000L;
    static final String TIMER_TOPIC = SystemTopics.TIMER_TOPIC.value();

    /**
     * The one place the scheduler is built, for both benchmarks: its constructor is what a broker calls
     * ({@code BrokerModule} binds the use case to it).
     */
    static DeliverDueTimerMessages scheduler(MessageStore store, TimerProgressStore progress, Clock clock) {
        return new DeliverDueTimerMessages(store, progress, clock, new TimerCounts());
    }

    /** The progress file where the broker keeps it: {@code timerProgress.json} in the state directory. */
    static TimerProgressStore progressFile(Path directory) {
        return new JsonTimerProgressStore(directory.resolve("config").resolve("timerProgress.json"));
    }

    /**
     * The {@code sequence}-th 1 KiB timer message, as {@code TimerParking.park} stores a send with
     * {@code TIMER_DELIVER_MS} (that class is package-private): the producer's property stays, and the
     * real topic and queue and the due time are added.
     */
    static Message parked(int sequence, long dueAt) {
        Message message = BenchmarkStores.message(sequence % REAL_QUEUES, BODY_BYTES);
        Map<String, String> properties = new LinkedHashMap<>(MessageProperties.decode(message.properties()));
        properties.put(MessageProperties.TIMER_DELIVER_MS, Long.toString(dueAt));
        properties.put(MessageProperties.REAL_TOPIC, message.topic());
        properties.put(MessageProperties.REAL_QUEUE_ID, Integer.toString(message.queueId()));
        properties.put(MessageProperties.DELIVER_AT, Long.toString(dueAt));
        return new Message(TIMER_TOPIC, 0, message.flag(), message.body(), MessageProperties.encode(properties),
            message.sysFlag(), message.bornTimestamp(), message.bornHost(), message.reconsumeTimes(),
            message.preparedTransactionOffset());
    }

    static void park(MessageStore store, int sequence, long dueAt) {
        if (!store.append(parked(sequence, dueAt)).status().isStored()) {
            throw new IllegalStateException("could not park timer message " + sequence);
        }
    }

    /**
     * The progress kept in memory only: a tick without the progress file's fsyncs. Not durable, so not
     * what a broker uses; it separates the index's and the store's cost from the disk's.
     */
    static final class ProgressInMemory implements TimerProgressStore {
        private TimerProgress saved = TimerProgress.NONE;

        @Override
        public TimerProgress load() {
            return saved;
        }

        @Override
        public void save(TimerProgress progress) {
            saved = progress;
        }
    }

    /** {@value #BACKLOG} parked messages, all due; fresh per iteration. */
    @State(Scope.Benchmark)
    public static class Backlog {
        final SettableClock clock = new SettableClock(PARKED_AT);
        Path directory;
        MessageStore store;
        DeliverDueTimerMessages scheduler;

        @Setup(Level.Iteration)
        public void park() {
            directory = BenchmarkStores.temporaryDirectory();
            store = BenchmarkStores.openSchedulerStore(directory);
            // The same scattered due times every iteration.
            SplittableRandom random = new SplittableRandom(42);
            long firstDue = 0;
            long lastDue = 0;
            for (int i = 0; i < BACKLOG; i++) {
                long dueAt = PARKED_AT + 1 + random.nextLong(BACKLOG_SPREAD_MILLIS);
                TimerDeliveryBenchmark.park(store, i, dueAt);
                firstDue = i == 0 ? dueAt : firstDue;
                lastDue = Math.max(lastDue, dueAt);
            }
            // The scheduler orders by the consume-queue tag code: it must be the due time.
            ReadResult head = store.read(TIMER_TOPIC, 0, 0, 1, MessageFilter.ALL);
            if (head.messages().isEmpty() || MessageLayout.tagsCode(head.messages().get(0), 0) != firstDue) {
                throw new IllegalStateException("backlog not parked as expected: " + head.status());
            }
            clock.now = lastDue;
            scheduler = scheduler(store, progressFile(directory), clock);
        }

        @TearDown(Level.Iteration)
        public void close() {
            store.shutdown();
            BenchmarkStores.delete(directory);
        }
    }

    /** Drains the due backlog; fails when fewer than {@value #BACKLOG} were delivered. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OperationsPerInvocation(BACKLOG)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public int deliverBacklog(Backlog backlog) {
        int delivered = 0;
        while (delivered < BACKLOG) {
            DeliverDueTimerMessages.Result result = backlog.scheduler.deliver();
            if (result.delivered() == 0) {
                throw new IllegalStateException("stalled after " + delivered + ": " + result);
            }
            delivered += result.delivered();
        }
        return delivered;
    }

    /** {@code waiting} messages in steady state, {@value #ARRIVALS_PER_TICK} arriving per tick; one store per trial. */
    @State(Scope.Benchmark)
    public static class SteadyState {

        @Param({"1000", "100000", "1000000"})
        int waiting;

        @Param({"file", "memory"})
        String progress;

        final SettableClock clock = new SettableClock(PARKED_AT);
        final SplittableRandom random = new SplittableRandom(7);
        Path directory;
        MessageStore store;
        DeliverDueTimerMessages scheduler;
        /** Longest delay of an arrival, in ticks (ms): twice the mean, so {@code waiting} stays put. */
        long horizon;
        int sequence;
        long ticks;
        long delivered;
        int lastWaiting;

        @Setup(Level.Trial)
        public void park() {
            directory = BenchmarkStores.temporaryDirectory();
            store = BenchmarkStores.openSchedulerStore(directory);
            horizon = 2L * waiting / ARRIVALS_PER_TICK;
            for (; sequence < waiting; sequence++) {
                // What waits in steady state was sent during the last horizon ticks with a uniform delay,
                // so the time left is distributed as the triangle (horizon - d): sampled by inversion.
                long left = (long) (horizon * (1 - Math.sqrt(random.nextDouble())));
                TimerDeliveryBenchmark.park(store, sequence, PARKED_AT + 1 + Math.min(left, horizon - 1));
            }
            // A restart flushes the parked backlog (up to 1.2 GB), whose writeback would otherwise run
            // during the measurement and slow the large backlogs' ticks for a reason of the setup's own.
            // The scheduler then rebuilds its index as after a broker restart.
            store.shutdown();
            store = BenchmarkStores.openSchedulerStore(directory);
            TimerProgressStore progressStore = switch (progress) {
                case "file" -> progressFile(directory);
                case "memory" -> new ProgressInMemory();
                default -> throw new IllegalArgumentException("progress must be file or memory: " + progress);
            };
            scheduler = scheduler(store, progressStore, clock);
            DeliverDueTimerMessages.Result indexed = scheduler.deliver();
            if (indexed.scanned() != waiting || indexed.waiting() != waiting || indexed.delivered() != 0) {
                throw new IllegalStateException("backlog not parked as expected: " + indexed);
            }
        }

        /** The messages sent since the last tick, due from the next millisecond on; then the clock moves. */
        @Setup(Level.Invocation)
        public void arrive() {
            long sentAt = clock.now;
            for (int i = 0; i < ARRIVALS_PER_TICK; i++) {
                TimerDeliveryBenchmark.park(store, sequence++, sentAt + 1 + random.nextLong(horizon));
            }
            clock.now = sentAt + 1;
        }

        void record(DeliverDueTimerMessages.Result result) {
            ticks++;
            delivered += result.delivered();
            lastWaiting = result.waiting();
        }

        @TearDown(Level.Trial)
        public void close() {
            store.shutdown();
            BenchmarkStores.delete(directory);
            double perTick = (double) delivered / ticks;
            if (Math.abs(perTick - ARRIVALS_PER_TICK) > 0.2 * ARRIVALS_PER_TICK
                    || Math.abs(lastWaiting - waiting) > 0.2 * waiting) {
                throw new IllegalStateException("not the steady state measured: " + perTick + " delivered per tick"
                    + " over " + ticks + " ticks, " + lastWaiting + " waiting at the end of " + waiting);
            }
        }
    }

    /** One tick: reads the newly parked records into the index and delivers what is due. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public DeliverDueTimerMessages.Result tick(SteadyState state) {
        DeliverDueTimerMessages.Result result = state.scheduler.deliver();
        state.record(result);
        return result;
    }
}

package io.hexmq.application.broker;

import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.time.port.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Objects;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what the broker stores and hands out, for GET_BROKER_RUNTIME_INFO: messages put, puts the store
 * refused, messages transferred to consumers, their rates over the last 10 s, 1 min and 10 min, the totals at
 * the start of today and yesterday, and the rates of store reads that found messages and that found none.
 *
 * <p>The hot paths only call {@link #recordPut}/{@link #recordGet}/{@link #recordMissedRead}/
 * {@link #recordFailedPut}: a {@link LongAdder} increment, no
 * lock, no allocation. Rates and the day roll come from {@link #sample()}, which a scheduler calls
 * about once a second (bootstrap: {@code PeriodicTask} of one second calling {@code sample}); it keeps
 * ten minutes of samples in a ring. In memory only: a restart starts from zero, as RocketMQ's does.
 */
public final class BrokerStatistics {

    /** Rates are reported over these windows, in seconds, in this order. */
    static final int[] WINDOWS_SECONDS = {10, 60, 600};
    private static final int CAPACITY = 601;

    /**
     * Figures at one moment.
     *
     * @param putSizeTotal             bytes of the records those messages were stored as
     * @param putTps                   messages put per second over the last 10 s, 1 min, 10 min
     * @param getTps                   messages transferred per second over the same windows
     * @param putFailedTotal           appends the store refused (disk full, illegal message, ...)
     * @param foundReadTps             store reads per second that found messages, over the same windows
     * @param missedReadTps            store reads per second that found none, over the same windows
     */
    public record Snapshot(
            long putTotal,
            long putSizeTotal,
            long putTotalTodayMorning,
            long putTotalYesterdayMorning,
            long getTotal,
            long getTotalTodayMorning,
            long getTotalYesterdayMorning,
            double[] putTps,
            double[] getTps,
            long putFailedTotal,
            double[] foundReadTps,
            double[] missedReadTps) {

        public Snapshot {
            putTps = putTps.clone();
            getTps = getTps.clone();
            foundReadTps = foundReadTps.clone();
            missedReadTps = missedReadTps.clone();
        }

        @Override
        public double[] foundReadTps() {
            return foundReadTps.clone();
        }

        @Override
        public double[] missedReadTps() {
            return missedReadTps.clone();
        }

        @Override
        public double[] putTps() {
            return putTps.clone();
        }

        @Override
        public double[] getTps() {
            return getTps.clone();
        }
    }

    private final TrafficStats traffic;
    private final LongAdder puts = new LongAdder();
    private final LongAdder putBytes = new LongAdder();
    private final LongAdder gets = new LongAdder();
    private final LongAdder failedPuts = new LongAdder();
    private final LongAdder foundReads = new LongAdder();
    private final LongAdder missedReads = new LongAdder();
    private final PutLatencies putLatencies = new PutLatencies();
    private final LongAccumulator longestRead = new LongAccumulator(Math::max, 0);
    private long lastRoll;
    private final Clock clock;
    private final ZoneId zone;

    private final long[] sampleTimes = new long[CAPACITY];
    private final long[] samplePuts = new long[CAPACITY];
    private final long[] sampleGets = new long[CAPACITY];
    private final long[] sampleFoundReads = new long[CAPACITY];
    private final long[] sampleMissedReads = new long[CAPACITY];
    private long samples;
    private LocalDate today;
    private long putTodayMorning;
    private long putYesterdayMorning;
    private long getTodayMorning;
    private long getYesterdayMorning;

    /** @param zone whose midnight starts a new day ("today morning") */
    public BrokerStatistics(Clock clock, ZoneId zone) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.zone = Objects.requireNonNull(zone, "zone");
        this.today = dayOf(clock.millis());
        this.traffic = new TrafficStats(clock);
    }

    /** Messages stored by a send for {@code topic} (a batch counts each message), {@code bytes} in all. */
    public void recordPut(String topic, int messages, long bytes) {
        puts.add(messages);
        putBytes.add(bytes);
        traffic.recordPut(topic, messages, bytes);
    }

    /** One append, stored or refused, took {@code millis} from the send's hand-over to the store's answer. */
    public void recordPutLatency(long millis) {
        putLatencies.record(millis);
    }

    /** An append the store refused. */
    public void recordFailedPut() {
        failedPuts.increment();
    }

    /** Messages handed to a consumer group by one store read of a pull or a pop, {@code bytes} in all. */
    public void recordGet(TopicGroup key, int messages, long bytes) {
        gets.add(messages);
        foundReads.increment();
        traffic.recordGet(key, messages, bytes);
    }

    /** A pull's store read took {@code millis}, messages found or not. */
    public void recordReadLatency(long millis) {
        longestRead.accumulate(millis);
    }

    /** The longest pull's store read since start, ms: RocketMQ's getMessageEntireTimeMax. */
    long longestReadMillis() {
        return longestRead.get();
    }

    /** A store read of a pull or a pop that found no message. */
    public void recordMissedRead() {
        missedReads.increment();
    }

    /** The appends' latencies, for the runtime info. */
    PutLatencies putLatencies() {
        return putLatencies;
    }

    /** The same recordings by topic and by group. */
    public TrafficStats traffic() {
        return traffic;
    }

    /** Takes a sample for the rates, rolls the day counters at midnight, and samples the traffic when due. */
    public synchronized void sample() {
        traffic.sample();
        long now = clock.millis();
        if (now - lastRoll >= 60_000) {
            // a minute's latencies are reported while the next minute's are counted, as RocketMQ does
            putLatencies.roll();
            lastRoll = now;
        }
        long putTotal = puts.sum();
        long getTotal = gets.sum();
        LocalDate day = dayOf(now);
        if (!day.equals(today)) {
            putYesterdayMorning = putTodayMorning;
            getYesterdayMorning = getTodayMorning;
            putTodayMorning = putTotal;
            getTodayMorning = getTotal;
            today = day;
        }
        int slot = (int) (samples % CAPACITY);
        sampleTimes[slot] = now;
        samplePuts[slot] = putTotal;
        sampleGets[slot] = getTotal;
        sampleFoundReads[slot] = foundReads.sum();
        sampleMissedReads[slot] = missedReads.sum();
        samples++;
    }

    public synchronized Snapshot snapshot() {
        long now = clock.millis();
        long putTotal = puts.sum();
        long getTotal = gets.sum();
        double[] putTps = new double[WINDOWS_SECONDS.length];
        double[] getTps = new double[WINDOWS_SECONDS.length];
        long foundTotal = foundReads.sum();
        long missedTotal = missedReads.sum();
        double[] foundTps = new double[WINDOWS_SECONDS.length];
        double[] missedTps = new double[WINDOWS_SECONDS.length];
        for (int i = 0; i < WINDOWS_SECONDS.length; i++) {
            int from = oldestSampleWithin(now - WINDOWS_SECONDS[i] * 1000L);
            if (from >= 0 && now > sampleTimes[from]) {
                double seconds = (now - sampleTimes[from]) / 1000.0;
                putTps[i] = (putTotal - samplePuts[from]) / seconds;
                getTps[i] = (getTotal - sampleGets[from]) / seconds;
                foundTps[i] = (foundTotal - sampleFoundReads[from]) / seconds;
                missedTps[i] = (missedTotal - sampleMissedReads[from]) / seconds;
            }
        }
        return new Snapshot(putTotal, putBytes.sum(), putTodayMorning, putYesterdayMorning, getTotal, getTodayMorning,
                getYesterdayMorning, putTps, getTps, failedPuts.sum(), foundTps, missedTps);
    }

    /** The slot of the oldest kept sample taken at or after {@code since}; -1 when there is none. */
    private int oldestSampleWithin(long since) {
        long kept = Math.min(samples, CAPACITY);
        for (long back = kept; back >= 1; back--) {
            int slot = (int) ((samples - back) % CAPACITY);
            if (sampleTimes[slot] >= since) {
                return slot;
            }
        }
        return -1;
    }

    private LocalDate dayOf(long millis) {
        return Instant.ofEpochMilli(millis).atZone(zone).toLocalDate();
    }
}

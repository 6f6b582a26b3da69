package io.hexmq.application.broker;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * How long the store took to append, in ms, as GET_BROKER_RUNTIME_INFO reports it under RocketMQ's names: the
 * longest append since start ({@code putMessageEntireTimeMax}), and, over the last whole minute, the count of appends
 * in each of RocketMQ's thirteen ranges ({@code putMessageDistributeTime}) and the 99th and 99.9th percentiles
 * ({@code putLatency99}, {@code putLatency999}) interpolated within RocketMQ's buckets (1 ms steps to 20 ms, then
 * wider, up to 10 s). RocketMQ starts a new minute when it logs its rates; {@link #roll} does it here, called by the
 * statistics' sampler once a minute.
 *
 * <p>{@link #record} is on the send path: one binary search over a fixed table and three adder increments, no lock,
 * no allocation.
 */
final class PutLatencies {

    private static final String[] RANGE_NAMES = {"[<=0ms]", "[0~10ms]", "[10~50ms]", "[50~100ms]", "[100~200ms]",
        "[200~500ms]", "[500ms~1s]", "[1~2s]", "[2~3s]", "[3~4s]", "[4~5s]", "[5~10s]", "[10s~]"};
    /** The exclusive upper end of each range but the first (≤ 0) and the last (the rest). */
    private static final long[] RANGE_ENDS = {10, 50, 100, 200, 500, 1000, 2000, 3000, 4000, 5000, 10_000};
    /** Each bucket's upper end, inclusive: a latency falls in the first bucket it does not exceed. */
    private static final long[] BUCKET_ENDS = bucketEnds();

    private final LongAccumulator max = new LongAccumulator(Math::max, 0);
    private volatile Minute current = new Minute();
    private volatile Minute last = new Minute();

    /** One append took {@code millis}. */
    void record(long millis) {
        max.accumulate(millis);
        Minute minute = current;
        minute.ranges[range(millis)].increment();
        minute.buckets[bucket(millis)].increment();
    }

    /** The minute just ended becomes the one reported; a new one starts counting. */
    void roll() {
        last = current;
        current = new Minute();
    }

    long max() {
        return max.get();
    }

    /** {@code "[<=0ms]:0 [0~10ms]:12 ... [10s~]:0 "}, RocketMQ's text, trailing space included. */
    String distribution() {
        Minute minute = last;
        StringBuilder text = new StringBuilder(192);
        for (int i = 0; i < RANGE_NAMES.length; i++) {
            text.append(RANGE_NAMES[i]).append(':').append(minute.ranges[i].sum()).append(' ');
        }
        return text.toString();
    }

    /** The latency below which {@code fraction} of last minute's appends fell; 0 without appends. */
    double percentile(double fraction) {
        Minute minute = last;
        long total = 0;
        for (LongAdder bucket : minute.buckets) {
            total += bucket.sum();
        }
        long rank = (long) (total * fraction);
        long passed = 0;
        for (int i = 0; i < BUCKET_ENDS.length; i++) {
            long count = minute.buckets[i].sum();
            if (rank <= passed + count) {
                long from = i == 0 ? 0 : BUCKET_ENDS[i - 1];
                return count == 0 ? from : from + (BUCKET_ENDS[i] - from) * (double) (rank - passed) / count;
            }
            passed += count;
        }
        return 0;
    }

    private static int range(long millis) {
        if (millis <= 0) {
            return 0;
        }
        for (int i = 0; i < RANGE_ENDS.length; i++) {
            if (millis < RANGE_ENDS[i]) {
                return i + 1;
            }
        }
        return RANGE_NAMES.length - 1;
    }

    private static int bucket(long millis) {
        int found = Arrays.binarySearch(BUCKET_ENDS, millis);
        return found >= 0 ? found : -found - 1;
    }

    /** 1 ms steps to 20, 2 to 50, 5 to 100, 10 to 200, 50 to 500, 100 to 1 s, 1 s to 10 s, then everything longer. */
    private static long[] bucketEnds() {
        long[][] steps = {{1, 20}, {2, 15}, {5, 10}, {10, 10}, {50, 6}, {100, 5}, {1000, 9}};
        int count = 1;
        for (long[] step : steps) {
            count += (int) step[1];
        }
        long[] ends = new long[count];
        int next = 0;
        long end = 0;
        for (long[] step : steps) {
            for (int i = 0; i < step[1]; i++) {
                end += step[0];
                ends[next++] = end;
            }
        }
        ends[next] = Long.MAX_VALUE;
        return ends;
    }

    private static final class Minute {
        private final LongAdder[] ranges = adders(RANGE_NAMES.length);
        private final LongAdder[] buckets = adders(BUCKET_ENDS.length);

        private static LongAdder[] adders(int count) {
            LongAdder[] adders = new LongAdder[count];
            for (int i = 0; i < count; i++) {
                adders[i] = new LongAdder();
            }
            return adders;
        }
    }
}

package io.hexmq.application.broker;

import java.util.concurrent.atomic.LongAdder;

/**
 * One traffic figure of one topic or group (messages, or bytes) as RocketMQ's broker stats keep it: a running
 * sum and the number of additions, without a lock on the recording path, and three fixed rings of samples the
 * sampler takes: every 10 s for the last minute, every 10 min for the last hour, every hour for the last day.
 * A window's figure is the difference between the oldest and the newest sample of its ring. A counter starts
 * with a zero sample in each ring, so its first window is complete at the next sample.
 */
final class TrafficCounter {

    static final int MINUTE_SAMPLES = 7;
    static final int HOUR_SAMPLES = 7;
    static final int DAY_SAMPLES = 25;

    private final LongAdder sum = new LongAdder();
    private final LongAdder additions = new LongAdder();
    private final Ring minute = new Ring(MINUTE_SAMPLES);
    private final Ring hour = new Ring(HOUR_SAMPLES);
    private final Ring day = new Ring(DAY_SAMPLES);

    /** @param createdAt when the counter came to be: its zero samples are dated then */
    TrafficCounter(long createdAt) {
        minute.add(createdAt, 0, 0);
        hour.add(createdAt, 0, 0);
        day.add(createdAt, 0, 0);
    }

    void add(long value) {
        sum.add(value);
        additions.increment();
    }

    /** Everything added since the counter came to be. */
    long total() {
        return sum.sum();
    }

    void sampleMinute(long now) {
        minute.add(now, sum.sum(), additions.sum());
    }

    void sampleHour(long now) {
        hour.add(now, sum.sum(), additions.sum());
    }

    void sampleDay(long now) {
        day.add(now, sum.sum(), additions.sum());
    }

    TrafficStats.Figures figures() {
        return new TrafficStats.Figures(minute.window(), hour.window(), day.window());
    }

    /** Samples in a fixed array, the oldest overwritten; read and written by whoever holds its monitor. */
    private static final class Ring {

        private final long[] times;
        private final long[] sums;
        private final long[] counts;
        private long taken;

        Ring(int size) {
            times = new long[size];
            sums = new long[size];
            counts = new long[size];
        }

        synchronized void add(long time, long sum, long count) {
            int slot = (int) (taken % times.length);
            times[slot] = time;
            sums[slot] = sum;
            counts[slot] = count;
            taken++;
        }

        synchronized TrafficStats.Window window() {
            if (taken < 2) {
                return TrafficStats.Window.NONE;
            }
            int newest = (int) ((taken - 1) % times.length);
            int oldest = taken <= times.length ? 0 : (int) (taken % times.length);
            long sum = sums[newest] - sums[oldest];
            long count = counts[newest] - counts[oldest];
            long millis = times[newest] - times[oldest];
            double tps = millis > 0 ? sum * 1000.0 / millis : 0;
            double average = count > 0 ? (double) sum / count : 0;
            return new TrafficStats.Window(sum, tps, average);
        }
    }
}

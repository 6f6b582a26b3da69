package io.hexmq.client.internal.instance;

/**
 * The time the SDK reads: wall-clock milliseconds for what it stamps (born timestamps, subscription
 * versions, when a broker lock was taken) and a monotonic nanosecond count for deadlines. One per
 * client, so that tests move both by hand.
 */
public interface ClientClock {

    /** The JVM's clocks. */
    ClientClock SYSTEM = new ClientClock() {
        @Override
        public long millis() {
            return System.currentTimeMillis();
        }

        @Override
        public long nanos() {
            return System.nanoTime();
        }
    };

    /** Milliseconds since the Unix epoch. */
    long millis();

    /** Nanoseconds from an arbitrary origin, never going back: only differences mean anything. */
    long nanos();
}

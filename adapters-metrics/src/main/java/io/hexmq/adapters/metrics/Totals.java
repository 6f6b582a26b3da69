package io.hexmq.adapters.metrics;

/** The last read running totals of one topic, or one topic and group, that a pair of counters reports. */
final class Totals {

    private volatile long messages;
    private volatile long bytes;

    void set(long messagesNow, long bytesNow) {
        messages = messagesNow;
        bytes = bytesNow;
    }

    double messages() {
        return messages;
    }

    double bytes() {
        return bytes;
    }
}

package io.hexmq.domain.topic;

/**
 * The version a broker stamps on its set of topic configs. The broker bumps it on every change; the
 * NameServer keeps the last one per broker and rewrites routes only when it differs.
 *
 * <p>Equality is field by field over all three parts, as RocketMQ compares them; 4.x brokers send no
 * {@code stateVersion}, which reads as 0.
 *
 * @param timestamp    millis of the last change
 * @param counter      number of changes so far
 * @param stateVersion 5.x controller-mode state epoch, 0 otherwise
 */
public record DataVersion(long timestamp, long counter, long stateVersion) {

    public static DataVersion initial(long nowMillis) {
        return new DataVersion(nowMillis, 0, 0);
    }

    /** The version after one more change at {@code nowMillis}. */
    public DataVersion next(long nowMillis) {
        return new DataVersion(nowMillis, counter + 1, stateVersion);
    }
}

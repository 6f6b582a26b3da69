package io.hexmq.application.transaction;

import java.time.Duration;
import java.util.Objects;

/**
 * The broker settings the transaction check-back obeys, under RocketMQ's property names.
 *
 * @param transactionTimeOut       how long a half message may stay unresolved before its first check
 *                                 (6 s); a message's {@code CHECK_IMMUNITY_TIME_IN_SECONDS} overrides it
 * @param transactionCheckInterval how long after a check the same transaction is checked again (30 s)
 * @param transactionCheckMax      checks per transaction (15); after that the half message goes to
 *                                 {@code TRANS_CHECK_MAX_TIME_TOPIC} and is never checked again
 */
public record TransactionSettings(Duration transactionTimeOut, Duration transactionCheckInterval,
        int transactionCheckMax) {

    public TransactionSettings {
        Objects.requireNonNull(transactionTimeOut, "transactionTimeOut");
        Objects.requireNonNull(transactionCheckInterval, "transactionCheckInterval");
        if (transactionTimeOut.isNegative()) {
            throw new IllegalArgumentException("transactionTimeOut must not be negative: " + transactionTimeOut);
        }
        if (transactionCheckInterval.isNegative() || transactionCheckInterval.isZero()) {
            throw new IllegalArgumentException("transactionCheckInterval must be positive: "
                    + transactionCheckInterval);
        }
        if (transactionCheckMax < 0) {
            throw new IllegalArgumentException("transactionCheckMax must not be negative: " + transactionCheckMax);
        }
    }

    /** RocketMQ 5.x's defaults: first check after 6 s, then every 30 s, at most 15 checks. */
    public static TransactionSettings defaults() {
        return new TransactionSettings(Duration.ofSeconds(6), Duration.ofSeconds(30), 15);
    }
}

package io.hexmq.domain.replication;

/**
 * Everything applied up to {@code index} (at {@code term}) is durable in this replica's stores, so the
 * group's log may be purged up to it: a replica that falls behind the purge starts from the stores'
 * files at this point instead.
 */
public record DurablePoint(long term, long index) {

    public DurablePoint {
        if (term < 0 || index < 0) {
            throw new IllegalArgumentException("term and index must not be negative: " + term + ", " + index);
        }
    }
}

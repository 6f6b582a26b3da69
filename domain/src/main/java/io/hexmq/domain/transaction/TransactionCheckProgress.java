package io.hexmq.domain.transaction;

/**
 * How far the transaction check-back has come (protocol.md §4.4): every half message below
 * {@code halfOffset} in {@code RMQ_SYS_TRANS_HALF_TOPIC} is resolved, checked (and put back as a new
 * half message) or discarded; op records below {@code opOffset} in {@code RMQ_SYS_TRANS_OP_HALF_TOPIC}
 * only mark half messages below {@code halfOffset}, so they never need to be read again.
 *
 * @param halfOffset next logical offset of the half queue to look at
 * @param opOffset   next logical offset of the op queue that may still matter
 */
public record TransactionCheckProgress(long halfOffset, long opOffset) {

    public static final TransactionCheckProgress NONE = new TransactionCheckProgress(0, 0);

    public TransactionCheckProgress {
        if (halfOffset < 0 || opOffset < 0) {
            throw new IllegalArgumentException("offsets are 0 or more: half " + halfOffset + ", op " + opOffset);
        }
    }
}

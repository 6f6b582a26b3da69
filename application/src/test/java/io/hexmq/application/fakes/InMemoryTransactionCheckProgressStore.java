package io.hexmq.application.fakes;

import io.hexmq.domain.transaction.TransactionCheckProgress;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;

/** A {@link TransactionCheckProgressStore} in memory. */
public final class InMemoryTransactionCheckProgressStore extends InMemoryValue<TransactionCheckProgress>
        implements TransactionCheckProgressStore {

    public InMemoryTransactionCheckProgressStore() {
        super(TransactionCheckProgress.NONE);
    }
}

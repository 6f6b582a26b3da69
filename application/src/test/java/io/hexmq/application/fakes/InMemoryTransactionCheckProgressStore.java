package io.hexmq.application.fakes;

import io.hexmq.domain.transaction.TransactionCheckProgress;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;

/** A {@link TransactionCheckProgressStore} in memory; counts saves so tests see when progress was persisted. */
public final class InMemoryTransactionCheckProgressStore implements TransactionCheckProgressStore {

    private TransactionCheckProgress saved = TransactionCheckProgress.NONE;
    private int saves;

    @Override
    public synchronized TransactionCheckProgress load() {
        return saved;
    }

    @Override
    public synchronized void save(TransactionCheckProgress progress) {
        saved = progress;
        saves++;
    }

    public synchronized int saves() {
        return saves;
    }
}

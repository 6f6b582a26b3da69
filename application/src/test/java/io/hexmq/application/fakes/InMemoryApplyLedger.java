package io.hexmq.application.fakes;

import io.hexmq.domain.replication.AppliedPoint;
import io.hexmq.domain.replication.port.ApplyLedger;

/** An {@link ApplyLedger} in memory; it survives a "restart" when a test hands it to the next applier. */
public final class InMemoryApplyLedger implements ApplyLedger {

    private volatile AppliedPoint last = AppliedPoint.NONE;
    private volatile int forces;

    @Override
    public AppliedPoint last() {
        return last;
    }

    @Override
    public void record(AppliedPoint point) {
        last = point;
    }

    @Override
    public void force() {
        forces++;
    }

    /** Forgets the last record, as a process killed between an append and its ledger write would have. */
    public void rewindTo(AppliedPoint point) {
        last = point;
    }

    public int forces() {
        return forces;
    }
}

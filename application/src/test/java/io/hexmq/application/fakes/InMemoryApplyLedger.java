package io.hexmq.application.fakes;

import io.hexmq.domain.replication.AppliedPoint;
import io.hexmq.domain.replication.port.ApplyLedger;

/** An {@link ApplyLedger} in memory; it survives a "restart" when a test hands it to the next applier. */
public final class InMemoryApplyLedger implements ApplyLedger {

    private volatile AppliedPoint last = AppliedPoint.NONE;
    private volatile int forces;
    private volatile int reopenings;

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

    /** The file behind a real ledger was replaced; this one has none, so the point stays as the test set it. */
    @Override
    public void reopen() {
        reopenings++;
    }

    public int reopenings() {
        return reopenings;
    }

    /** Forgets the last record, as a process killed between an append and its ledger write would have. */
    public void rewindTo(AppliedPoint point) {
        last = point;
    }

    public int forces() {
        return forces;
    }
}

package io.hexmq.benchmarks.load;

import java.util.concurrent.atomic.LongAdder;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;

/** What the emulated clients saw: answers by kind, so a run that was refused or timed out says so. */
final class WireCounters {

    private final LongAdder succeeded = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder oneways = new LongAdder();

    /** @param alsoFine a response code that is an expected answer besides SUCCESS (a pull that found nothing) */
    void answered(Throwable failure, RemotingCommand answer, int alsoFine) {
        if (failure != null) {
            failed.increment();
        } else if (answer.getCode() == ResponseCode.SUCCESS || answer.getCode() == alsoFine) {
            succeeded.increment();
        } else {
            refused.increment();
        }
    }

    void oneway() {
        oneways.increment();
    }

    @Override
    public String toString() {
        return "answered " + succeeded.sum() + ", refused " + refused.sum() + ", failed or timed out " + failed.sum()
                + ", oneway commits " + oneways.sum();
    }
}

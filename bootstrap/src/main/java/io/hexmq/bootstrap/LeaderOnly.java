package io.hexmq.bootstrap;

import io.hexmq.domain.time.port.Clock;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * The scheduled writers (delay and timer delivery, transaction check-back, offset persistence) run on the
 * group's leader only: their writes and progress go through the group's log, and a replica that becomes the
 * leader carries on from the progress it applied. A broker on its own always leads.
 */
final class LeaderOnly {

    /** How soon a replica that does not lead looks again whether it does. */
    private static final long RECHECK_MILLIS = 1_000;

    private final BooleanSupplier leads;
    private final Clock clock;

    LeaderOnly(BooleanSupplier leads, Clock clock) {
        this.leads = leads;
        this.clock = clock;
    }

    /** {@code run} while leading; otherwise nothing, due again after a short while. */
    LongSupplier run(LongSupplier run) {
        return () -> leads.getAsBoolean() ? run.getAsLong() : clock.millis() + RECHECK_MILLIS;
    }

    /** {@code task} while leading; otherwise nothing. */
    Runnable run(Runnable task) {
        return () -> {
            if (leads.getAsBoolean()) {
                task.run();
            }
        };
    }
}

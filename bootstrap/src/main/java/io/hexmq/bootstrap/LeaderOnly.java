package io.hexmq.bootstrap;

import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.time.port.Clock;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The scheduled writers (delay and timer delivery, transaction check-back, offset persistence) run on the
 * group's leader only: their writes and progress go through the group's log. Each term a replica leads, it
 * runs a fresh instance of a scheduler, which loads the progress this replica applied, so a new leader
 * carries on where the previous one stopped instead of from its own start. A broker on its own always leads,
 * in one term.
 */
final class LeaderOnly {

    /** How soon a replica that does not lead looks again whether it does. */
    private static final long RECHECK_MILLIS = 1_000;

    private final Supplier<GroupRole> role;
    private final Clock clock;

    LeaderOnly(Supplier<GroupRole> role, Clock clock) {
        this.role = role;
        this.clock = clock;
    }

    /**
     * Runs {@code run} on the scheduler of the current term while leading; otherwise nothing, due again after a
     * short while. {@code fresh} makes a scheduler; the first is made now, for the term of now.
     */
    <T> LongSupplier run(Supplier<T> fresh, ToLongFunction<T> run) {
        PerTerm<T> scheduler = new PerTerm<>(fresh, role.get().term());
        return () -> {
            GroupRole now = role.get();
            return now.isLeader() ? run.applyAsLong(scheduler.of(now.term())) : clock.millis() + RECHECK_MILLIS;
        };
    }

    /** {@code task} while leading; otherwise nothing. */
    Runnable run(Runnable task) {
        return () -> {
            if (role.get().isLeader()) {
                task.run();
            }
        };
    }

    /** One scheduler a term, made when the term is first seen; used by one runner thread. */
    private static final class PerTerm<T> {
        private final Supplier<T> fresh;
        private long term;
        private T current;

        PerTerm(Supplier<T> fresh, long term) {
            this.fresh = fresh;
            this.term = term;
            this.current = fresh.get();
        }

        T of(long now) {
            if (now != term) {
                term = now;
                current = fresh.get();
            }
            return current;
        }
    }
}

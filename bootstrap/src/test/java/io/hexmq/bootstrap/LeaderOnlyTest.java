package io.hexmq.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.ReplicaId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class LeaderOnlyTest {

    private static final long NOW = 1_000_000L;

    private final AtomicReference<GroupRole> role = new AtomicReference<>(role(GroupRole.Kind.FOLLOWER, 1));
    private final LeaderOnly leaderOnly = new LeaderOnly(role::get, () -> NOW);
    private final List<Integer> ran = new ArrayList<>();
    private final AtomicInteger made = new AtomicInteger();

    @Test
    void runsNothingWhileFollowing_andLooksAgainSoon() {
        LongSupplier run = leaderOnly.run(made::incrementAndGet, scheduler -> {
            ran.add(scheduler);
            return 5L;
        });

        assertThat(run.getAsLong()).isEqualTo(NOW + 1_000);
        assertThat(ran).isEmpty();
    }

    @Test
    void runsAFreshSchedulerEachTermItLeads_soItStartsFromTheProgressAppliedSoFar() {
        LongSupplier run = leaderOnly.run(made::incrementAndGet, scheduler -> {
            ran.add(scheduler);
            return 5L;
        });
        role.set(role(GroupRole.Kind.LEADER, 2));
        run.getAsLong();
        run.getAsLong();
        role.set(role(GroupRole.Kind.FOLLOWER, 3));
        run.getAsLong();
        role.set(role(GroupRole.Kind.LEADER, 4));

        assertThat(run.getAsLong()).isEqualTo(5L);
        assertThat(ran).containsExactly(2, 2, 3);
    }

    @Test
    void keepsTheFirstScheduler_whenTheBrokerLeadsInOneTermAlone() {
        role.set(new GroupRole(GroupRole.Kind.LEADER, 0, Optional.empty()));
        LongSupplier run = leaderOnly.run(made::incrementAndGet, scheduler -> {
            ran.add(scheduler);
            return 5L;
        });
        run.getAsLong();
        run.getAsLong();

        assertThat(ran).containsExactly(1, 1);
        assertThat(made).hasValue(1);
    }

    @Test
    void runsATaskOnlyWhileLeading() {
        Runnable task = leaderOnly.run(() -> ran.add(0));
        task.run();
        role.set(role(GroupRole.Kind.LEADER, 2));
        task.run();

        assertThat(ran).containsExactly(0);
    }

    private static GroupRole role(GroupRole.Kind kind, long term) {
        return new GroupRole(kind, term, Optional.of(new ReplicaId("n0")));
    }
}

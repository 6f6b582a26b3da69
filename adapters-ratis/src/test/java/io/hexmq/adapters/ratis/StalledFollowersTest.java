package io.hexmq.adapters.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.ratis.StalledFollowers.Follower;
import io.hexmq.domain.replication.ReplicaId;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StalledFollowersTest {

    private static final long STALLED_AFTER = TimeUnit.SECONDS.toNanos(15);
    private static final ReplicaId N1 = new ReplicaId("n1");
    private static final ReplicaId N2 = new ReplicaId("n2");

    private final StalledFollowers watch = new StalledFollowers(STALLED_AFTER, 10_000);

    @Test
    void namesTheOtherFollower_onceOneThatAnswersShowedTheSameCommitBehindTheLeadersForTheWholeBound() {
        assertThat(watch.check(0, 500, List.of(new Follower(N1, 120, 200), new Follower(N2, 490, 10)), false)).isEmpty();
        assertThat(watch.check(STALLED_AFTER - 1, 900, List.of(new Follower(N1, 120, 4_000), new Follower(N2, 880, 10)),
                false)).isEmpty();

        assertThat(watch.check(STALLED_AFTER, 950, List.of(new Follower(N1, 120, 3_000), new Follower(N2, 940, 10)),
                false)).contains(N2);
    }

    @Test
    void leavesAFollowerAlone_whileItsCommitMoves_orOnceItCaughtUp() {
        for (long second = 0; second <= 60; second++) {
            long commit = 100 + second * 10;
            List<Follower> followers = List.of(new Follower(N1, commit - 5, 300), new Follower(N2, commit, 10));
            assertThat(watch.check(TimeUnit.SECONDS.toNanos(second), commit, followers, false)).isEmpty();
        }
        assertThat(watch.check(TimeUnit.SECONDS.toNanos(100), 700, List.of(new Follower(N1, 700, 300),
                new Follower(N2, 700, 10)), false)).isEmpty();
    }

    @Test
    void takesAFollowerThatDoesNotAnswerForDown_notStalled() {
        watch.check(0, 500, List.of(new Follower(N1, 120, 10_001), new Follower(N2, 500, 10)), false);

        assertThat(watch.check(STALLED_AFTER * 4, 500, List.of(new Follower(N1, 120, 70_000), new Follower(N2, 500, 10)),
                false)).isEmpty();
    }

    @Test
    void waits_whileAFollowerFetchesTheLeadersFiles_andCountsAfreshAfterwards() {
        watch.check(0, 500, List.of(new Follower(N1, 120, 100), new Follower(N2, 500, 10)), false);
        assertThat(watch.check(STALLED_AFTER * 3, 500, List.of(new Follower(N1, 120, 100), new Follower(N2, 500, 10)),
                true)).isEmpty();

        assertThat(watch.check(STALLED_AFTER * 4 - 1, 500, List.of(new Follower(N1, 120, 100),
                new Follower(N2, 500, 10)), false)).as("the bound counts from the end of the fetch").isEmpty();
    }

    @Test
    void namesNobody_whenNoOtherFollowerAnswers() {
        watch.check(0, 500, List.of(new Follower(N1, 120, 100), new Follower(N2, 300, 60_000)), false);

        assertThat(watch.check(STALLED_AFTER, 500, List.of(new Follower(N1, 120, 100), new Follower(N2, 300, 75_000)),
                false)).isEmpty();
    }

    @Test
    void startsOver_afterItNamedASuccessor_orStoppedLeading() {
        watch.check(0, 500, List.of(new Follower(N1, 120, 100), new Follower(N2, 500, 10)), false);
        assertThat(watch.check(STALLED_AFTER, 500, List.of(new Follower(N1, 120, 100), new Follower(N2, 500, 10)), false))
                .contains(N2);
        assertThat(watch.check(STALLED_AFTER + 1, 500, List.of(new Follower(N1, 120, 100), new Follower(N2, 500, 10)),
                false)).isEmpty();

        watch.forget();
        assertThat(watch.check(2 * STALLED_AFTER, 500, List.of(new Follower(N1, 120, 100), new Follower(N2, 500, 10)),
                false)).isEmpty();
    }
}

package io.hexmq.application.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResolvedHalvesTest {

    private static final long NONE = -1;

    private final ResolvedHalves halves = new ResolvedHalves();

    @Test
    void withNothingMarked_theOpQueueRestartsWhereItWasReadUpTo() {
        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(NONE);
        assertThat(halves.isResolved(0)).isFalse();
    }

    @Test
    void theOldestOpRecordStillMarkingAHalfIsTheRestartPoint() {
        halves.mark(10, 3);
        halves.mark(11, 5);
        halves.mark(12, 4);

        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(3);
        halves.forget(10);
        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(4);
        halves.forget(12);
        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(5);
        halves.forget(11);
        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(NONE);
    }

    @Test
    void anOpRecordMarkingSeveralHalvesStaysTheRestartPointUntilAllArePassed() {
        halves.mark(20, 7);
        halves.mark(21, 7);
        halves.mark(22, 9);

        halves.forget(20);
        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(7);
        halves.forgetBelow(22);
        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(9);
        assertThat(halves.isResolved(21)).isFalse();
        assertThat(halves.isResolved(22)).isTrue();
    }

    @Test
    void aHalfMarkedTwiceKeepsItsFirstOpRecord_andCountsOnce() {
        halves.mark(30, 2);
        halves.mark(30, 8);

        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(2);
        halves.forget(30);
        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(NONE);
    }

    @Test
    void forgettingAHalfNeverMarkedChangesNothing() {
        halves.mark(40, 6);

        halves.forget(41);

        assertThat(halves.oldestOpOffset(NONE)).isEqualTo(6);
        assertThat(halves.isResolved(40)).isTrue();
    }
}

package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a connection's failed answers are reported as: the first in full, the rest as one count. */
class AnswerFailuresTest {

    private final AnswerFailures failures = new AnswerFailures();

    private void dispatch(int requests) {
        for (int i = 0; i < requests; i++) {
            failures.requestDispatched();
        }
    }

    @Test
    void aResetWithManyAnswersToCome_reportsTheFirstFailureInFull_andTheCountOnceWhenTheLastHasFailed() {
        dispatch(330);
        assertThat(failures.connectionClosed()).as("answers still to come").isZero();

        List<Boolean> reportedInFull = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < 330; i++) {
            reportedInFull.add(failures.answerFailed());
            counts.add(failures.answerSettled());
        }

        assertThat(reportedInFull.get(0)).isTrue();
        assertThat(reportedInFull.subList(1, 330)).containsOnly(false);
        assertThat(counts.subList(0, 329)).containsOnly(0);
        assertThat(counts.get(329)).isEqualTo(330);
    }

    @Test
    void failuresBeforeTheClose_areCountedAtTheClose() {
        dispatch(3);
        for (int i = 0; i < 3; i++) {
            failures.answerFailed();
            assertThat(failures.answerSettled()).as("the connection is still open").isZero();
        }

        assertThat(failures.connectionClosed()).isEqualTo(3);
    }

    @Test
    void theCountIsReportedOnce_evenWhenTheCloseComesAfterTheLastAnswer() {
        dispatch(2);
        failures.answerFailed();
        failures.answerSettled();
        failures.answerFailed();
        failures.answerSettled();

        assertThat(failures.connectionClosed()).isEqualTo(2);
        assertThat(failures.connectionClosed()).isZero();
    }

    @Test
    void aSingleFailure_isReportedInFull_andNotCountedAgain() {
        dispatch(2);
        assertThat(failures.answerFailed()).isTrue();
        assertThat(failures.answerSettled()).isZero();
        assertThat(failures.answerSettled()).isZero();

        assertThat(failures.connectionClosed()).isZero();
    }

    @Test
    void answersThatWereWritten_orThatThereWereNone_reportNothing() {
        dispatch(5);
        for (int i = 0; i < 5; i++) {
            assertThat(failures.answerSettled()).isZero();
        }

        assertThat(failures.connectionClosed()).isZero();
    }
}

package io.hexmq.application.pop;

import static io.hexmq.application.pop.PopBroker.GROUP;
import static io.hexmq.application.pop.PopBroker.INVISIBLE;
import static io.hexmq.application.pop.PopBroker.bodies;
import static io.hexmq.application.pop.PopBroker.popOrderly;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.domain.pop.PopCheckpoint;
import org.junit.jupiter.api.Test;

/**
 * An orderly POP retried with its attempt id (RocketMQ's attemptId): the 5.x client and the proxy send one with
 * each receive and the same one when they retry a receive whose answer was lost.
 */
class OrderlyPopAttemptTest {

    private static final String ATTEMPT = "attempt-1";

    private final PopBroker pop = new PopBroker();

    private PopMessages.Status statusOf(PopMessages.Command command) {
        return pop.popNow(command).status();
    }

    @Test
    void aRetryOfTheSameAttempt_getsTheSameMessagesAgain_fromTheSameOffset_theirAttemptsNotRaised() {
        pop.send(0, "o0", "o1");
        PopMessages.Result first = pop.popNow(popOrderly(0, 2, INVISIBLE, ATTEMPT));
        pop.messages.broker.clock.advanceMillis(1_000);

        PopMessages.Result retry = pop.popNow(popOrderly(0, 2, INVISIBLE, ATTEMPT));

        assertThat(bodies(retry)).containsExactly("o0", "o1");
        assertThat(retry.queues().get(0).startOffset()).isEqualTo(first.queues().get(0).startOffset());
        assertThat(retry.queues().get(0).attempts()).containsExactly(0, 0);
        assertThat(retry.popTime()).isEqualTo(first.popTime() + 1_000);
        assertThat(pop.ledger.checkpoints().snapshot()).as("the retry's checkpoints replace the first's")
                .extracting(PopCheckpoint::popTime).containsExactly(retry.popTime(), retry.popTime());
    }

    @Test
    void aPopOfAnotherAttempt_orOfNone_staysBlockedWhileTheAttemptHoldsTheQueue() {
        pop.send(0, "o0");
        pop.popNow(popOrderly(0, 1, INVISIBLE, ATTEMPT));

        assertThat(statusOf(popOrderly(0, 1, INVISIBLE, "attempt-2"))).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
        assertThat(statusOf(popOrderly(0, 1, INVISIBLE, null))).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void aPopWithoutAttempt_holdsTheQueueAgainstEveryAttempt() {
        pop.send(0, "o0");
        pop.popNow(popOrderly(0, 1, INVISIBLE, null));

        assertThat(statusOf(popOrderly(0, 1, INVISIBLE, ATTEMPT))).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void theRetry_holdsTheMessagesForItsOwnInvisibleTime_fromItsPopTime() {
        pop.send(0, "o0");
        pop.popNow(popOrderly(0, 1, 10_000, ATTEMPT));
        pop.messages.broker.clock.advanceMillis(5_000);
        pop.popNow(popOrderly(0, 1, 20_000, ATTEMPT));

        pop.messages.broker.clock.advanceMillis(19_999);
        assertThat(statusOf(popOrderly(0, 1, INVISIBLE, null))).as("held past the first pop's deadline")
                .isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
        pop.messages.broker.clock.advanceMillis(1);
        PopMessages.Result afterwards = pop.popNow(popOrderly(0, 1, INVISIBLE, null));
        assertThat(bodies(afterwards)).containsExactly("o0");
        assertThat(afterwards.queues().get(0).attempts()).as("handed out once before, to the one attempt")
                .containsExactly(1);
    }

    @Test
    void onlyTheRetrysAnswer_acksTheMessages_theLostAnswersHandlesNoLonger() {
        pop.send(0, "o0", "o1");
        PopMessages.Result lost = pop.popNow(popOrderly(0, 1, INVISIBLE, ATTEMPT));
        pop.messages.broker.clock.advanceMillis(1_000);
        PopMessages.Result retry = pop.popNow(popOrderly(0, 1, INVISIBLE, ATTEMPT));

        pop.ack(lost, 0);
        assertThat(statusOf(popOrderly(0, 1, INVISIBLE, null))).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
        pop.ack(retry, 0);

        assertThat(bodies(pop.popNow(popOrderly(0, 1, INVISIBLE, null)))).containsExactly("o1");
    }

    @Test
    void onceAcked_theAttemptHoldsNothing_andItsIdGetsOnlyWhatAnyPopWould() {
        pop.send(0, "o0", "o1");
        pop.ack(pop.popNow(popOrderly(0, 1, INVISIBLE, ATTEMPT)), 0);
        PopMessages.Result next = pop.popNow(popOrderly(0, 1, INVISIBLE, "attempt-2"));

        assertThat(bodies(next)).containsExactly("o1");
        assertThat(statusOf(popOrderly(0, 1, INVISIBLE, ATTEMPT))).as("the queue is attempt-2's now")
                .isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void anotherAttempt_takesTheMessagesOverOnceTheirInvisibleTimePassed_withTheirAttemptsRaised() {
        pop.send(0, "o0");
        pop.popNow(popOrderly(0, 1, INVISIBLE, ATTEMPT));
        pop.messages.broker.clock.advanceMillis(INVISIBLE);

        PopMessages.Result takenOver = pop.popNow(popOrderly(0, 1, INVISIBLE, "attempt-2"));

        assertThat(takenOver.queues().get(0).attempts()).containsExactly(1);
        assertThat(statusOf(popOrderly(0, 1, INVISIBLE, ATTEMPT))).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void anUnorderedPop_ignoresTheAttempt() {
        pop.send(0, "u0");
        PopMessages.Command unordered = new PopMessages.Command(GROUP, MessageBroker.TOPIC, 0, 1, INVISIBLE, 0, 0, 0,
                null, null, false, ATTEMPT);
        pop.popNow(unordered);

        assertThat(statusOf(unordered)).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void theAttemptHoldingAQueue_survivesARestart() {
        pop.send(0, "o0");
        pop.popNow(popOrderly(0, 1, INVISIBLE, ATTEMPT));

        PopBroker restarted = pop.restarted();

        assertThat(bodies(restarted.popNow(popOrderly(0, 1, INVISIBLE, ATTEMPT)))).containsExactly("o0");
        assertThat(restarted.popNow(popOrderly(0, 1, INVISIBLE, "attempt-2")).status())
                .isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void aNotificationOfTheAttemptHoldingAQueue_saysThereAreMessages_andOneOfAnotherAttemptDoesNot() {
        pop.send(0, "o0");
        pop.popNow(popOrderly(0, 1, INVISIBLE, ATTEMPT));

        assertThat(pop.awaitMessages.await(new AwaitMessages.Command(GROUP, MessageBroker.TOPIC, 0, 0, true, ATTEMPT))
                .join().hasMessages()).isTrue();
        assertThat(pop.awaitMessages.await(new AwaitMessages.Command(GROUP, MessageBroker.TOPIC, 0, 0, true,
                "attempt-2")).join().hasMessages()).isFalse();
        assertThat(pop.awaitMessages.await(new AwaitMessages.Command(GROUP, MessageBroker.TOPIC, 0, 0, true, null))
                .join().hasMessages()).isFalse();
    }
}

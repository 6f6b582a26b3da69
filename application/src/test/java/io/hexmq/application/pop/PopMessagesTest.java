package io.hexmq.application.pop;

import static io.hexmq.application.pop.PopBroker.GROUP;
import static io.hexmq.application.pop.PopBroker.INVISIBLE;
import static io.hexmq.application.pop.PopBroker.bodies;
import static io.hexmq.application.pop.PopBroker.pop;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.PoppingGroups;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PopMessagesTest {

    private final PopBroker pop = new PopBroker();

    @Test
    void popsFromEveryQueue_andHidesWhatItHandedOutFromTheGroup() {
        pop.send(0, "a0", "a1");
        pop.send(1, "b0");

        PopMessages.Result first = pop.popNow(pop(-1, 32, false));

        assertThat(first.status()).isEqualTo(PopMessages.Status.FOUND);
        assertThat(bodies(first)).containsExactlyInAnyOrder("a0", "a1", "b0");
        assertThat(first.queues()).extracting(PopMessages.QueuePop::startOffset).containsOnly(0L);
        assertThat(pop.ledger.checkpoints().size()).isEqualTo(3);
        assertThat(pop.checkpointStore.load().checkpoints()).as("saved before the answer").hasSize(3);
        assertThat(pop.popNow(pop(-1, 32, false)).status()).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void handsOutNoMoreThanAsked_andTellsHowManyAreLeft() {
        pop.send(0, "a0", "a1", "a2");

        PopMessages.Result result = pop.popNow(pop(0, 2, false));

        assertThat(bodies(result)).containsExactly("a0", "a1");
        assertThat(result.restNum()).isEqualTo(1);
    }

    @Test
    void refusesMoreThan32Messages_andAnUnknownTopic() {
        assertThat(pop.popNow(pop(0, 33, false)).status()).isEqualTo(PopMessages.Status.INVALID_PARAMETER);
        assertThat(pop.popNow(new PopMessages.Command(GROUP, "NoSuchTopic", -1, 1, INVISIBLE, 0, 0, 0, null, null,
                false, null)).status()).isEqualTo(PopMessages.Status.TOPIC_NOT_EXIST);
    }

    @Test
    void filtersByTag_andBySql92() {
        pop.messages.sendTagged(MessageBroker.TOPIC, 0, "A", "tagged-a");
        pop.messages.sendTagged(MessageBroker.TOPIC, 0, "B", "tagged-b");

        PopMessages.Result byTag = pop.popNow(new PopMessages.Command(GROUP, MessageBroker.TOPIC, 0, 32, INVISIBLE,
                0, 0, 0, "TAG", "B", false, null));
        PopMessages.Result bySql = pop.popNow(new PopMessages.Command("cg-sql", MessageBroker.TOPIC, 0, 32, INVISIBLE,
                0, 0, 0, "SQL92", "TAGS = 'A'", false, null));

        assertThat(bodies(byTag)).containsExactly("tagged-b");
        assertThat(bodies(bySql)).containsExactly("tagged-a");
        assertThat(pop.popNow(new PopMessages.Command(GROUP, MessageBroker.TOPIC, 0, 32, INVISIBLE, 0, 0, 0, "SQL92",
                "TAGS = ", false, null)).status()).isEqualTo(PopMessages.Status.SUBSCRIPTION_PARSE_FAILED);
    }

    @Test
    void aPop_recordsItsGroupAsAPopConsumerOfTheTopicAndOfItsRetryTopic_thoughItSentNoHeartbeat() {
        TopicName topic = new TopicName(MessageBroker.TOPIC);
        GroupName group = new GroupName(GROUP);

        pop.popNow(new PopMessages.Command(GROUP, MessageBroker.TOPIC, -1, 1, INVISIBLE, 0, 0, 0, "TAG", "A || B",
                false, null));
        pop.popNow(new PopMessages.Command("cg-refused", "NoSuchTopic", -1, 1, INVISIBLE, 0, 0, 0, null, null, false, null));

        PoppingGroups.PoppingGroup known = pop.poppingGroups.find(group).orElseThrow();
        assertThat(known.consumeType()).isEqualTo(ConsumeType.CONSUME_POP);
        assertThat(known.messageModel()).isEqualTo(MessageModel.CLUSTERING);
        assertThat(known.subscriptions().get(topic).tags()).containsExactly("A", "B");
        assertThat(known.subscriptions().get(group.popRetryTopic(topic)).subString()).isEqualTo("*");
        assertThat(pop.poppingGroups.find(new GroupName("cg-refused"))).as("a refused POP").isEmpty();
    }

    @Test
    void aPopThatFindsNothing_waitsForTheNextMessage() {
        CompletableFuture<PopMessages.Result> waiting = pop.popMessages.pop(new PopMessages.Command(GROUP,
                MessageBroker.TOPIC, -1, 32, INVISIBLE, 10_000, pop.messages.broker.clock.millis(), 0, null, null,
                false, null));
        assertThat(waiting).isNotDone();
        assertThat(pop.parked.parkedCount()).isEqualTo(1);

        pop.send(1, "late");
        pop.messages.pullExecutor.runAll();

        assertThat(waiting).isDone();
        assertThat(bodies(waiting.join())).containsExactly("late");
    }

    @Test
    void aPopThatWouldWait_answersPollingFull_onceMoreThanTheQueuesLimitWait() {
        PopBroker limited = PopBroker.withPollingLimits(1, 100);
        List<CompletableFuture<PopMessages.Result>> pops = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            pops.add(limited.popMessages.pop(waitingPop(limited, 0)));
        }
        CompletableFuture<PopMessages.Result> otherQueue = limited.popMessages.pop(waitingPop(limited, 1));

        assertThat(pops.get(0)).isNotDone();
        assertThat(pops.get(1)).as("one more than the limit waits, as on RocketMQ").isNotDone();
        assertThat(pops.get(2).join().status()).isEqualTo(PopMessages.Status.POLLING_FULL);
        assertThat(otherQueue).isNotDone();
        assertThat(limited.parked.parkedCount()).isEqualTo(3);
    }

    @Test
    void aPopThatWouldWait_answersPollingFull_andANotificationSaysSo_whenTheBrokerHasTooManyWaiting() {
        PopBroker limited = PopBroker.withPollingLimits(1024, 1);
        CompletableFuture<PopMessages.Result> first = limited.popMessages.pop(waitingPop(limited, -1));

        CompletableFuture<PopMessages.Result> second = limited.popMessages.pop(waitingPop(limited, 0));
        CompletableFuture<AwaitMessages.Result> notification = limited.awaitMessages.await(
                new AwaitMessages.Command(GROUP, MessageBroker.TOPIC, -1, 10_000, false, null));

        assertThat(first).isNotDone();
        assertThat(second.join().status()).isEqualTo(PopMessages.Status.POLLING_FULL);
        assertThat(notification.join().pollingFull()).isTrue();
        assertThat(notification.join().hasMessages()).isFalse();

        limited.send(1, "late");
        limited.messages.pullExecutor.runAll();
        assertThat(bodies(first.join())).containsExactly("late");
        assertThat(limited.popMessages.pop(waitingPop(limited, 0))).as("room again once the first left").isNotDone();
    }

    private static PopMessages.Command waitingPop(PopBroker broker, int queueId) {
        return new PopMessages.Command(GROUP, MessageBroker.TOPIC, queueId, 32, INVISIBLE, 10_000,
                broker.messages.broker.clock.millis(), 0, null, null, false, null);
    }

    @Test
    void aWaitingPop_answersPollingTimeout_whenItsPollTimeEnds() {
        CompletableFuture<PopMessages.Result> waiting = pop.popMessages.pop(new PopMessages.Command(GROUP,
                MessageBroker.TOPIC, -1, 32, INVISIBLE, 10_000, pop.messages.broker.clock.millis(), 0, null, null,
                false, null));

        assertThat(pop.parked.expireDue()).isEqualTo(pop.messages.broker.clock.millis() + 10_000);
        pop.messages.broker.clock.advanceMillis(10_000);
        assertThat(pop.parked.expireDue()).isEqualTo(Long.MAX_VALUE);
        pop.messages.pullExecutor.runAll();

        assertThat(waiting.join().status()).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void anOrderlyPop_holdsItsQueueUntilAcked_thenMovesTheGroupPastIt() {
        pop.send(0, "o0", "o1", "o2");

        PopMessages.Result first = pop.popNow(pop(0, 2, true));
        assertThat(bodies(first)).containsExactly("o0", "o1");
        assertThat(pop.popNow(pop(0, 2, true)).status()).as("blocked").isEqualTo(PopMessages.Status.POLLING_TIMEOUT);

        pop.ack(first, 0);
        assertThat(pop.popNow(pop(0, 2, true)).status()).as("o1 still unacked")
                .isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
        pop.ack(first, 1);

        assertThat(bodies(pop.popNow(pop(0, 2, true)))).containsExactly("o2");
        assertThat(pop.messages.broker.offsets.find(new io.hexmq.domain.consumer.TopicGroup(
                new TopicName(MessageBroker.TOPIC), new GroupName(GROUP)), 0)).hasValue(2);
    }

    @Test
    void anOrderlyPop_handsTheSameMessagesOutAgain_withTheirAttempts_onceTheirInvisibleTimePassed() {
        pop.send(0, "o0", "o1");
        pop.popNow(pop(0, 2, true));

        pop.messages.broker.clock.advanceMillis(INVISIBLE);
        PopMessages.Result again = pop.popNow(pop(0, 2, true));

        assertThat(bodies(again)).containsExactly("o0", "o1");
        assertThat(again.queues().get(0).attempts()).containsExactly(1, 1);
        assertThat(pop.revive.revive().revived()).as("orderly messages are not revived").isZero();
    }

    @Test
    void anOrderlyPopSkipsTheRetryTopic_andAnUnorderedOneTakesRedeliveriesFromIt() {
        pop.send(0, "r0");
        pop.popNow(pop(0, 1, false));
        pop.messages.broker.clock.advanceMillis(INVISIBLE);
        pop.revive.revive();

        assertThat(pop.popNow(pop(0, 1, true)).status()).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
        PopMessages.Result redelivered = pop.popNow(pop(0, 1, false));

        assertThat(bodies(redelivered)).containsExactly("r0");
        assertThat(redelivered.queues().get(0).topic()).isEqualTo("%RETRY%cg-pop_" + MessageBroker.TOPIC);
        assertThat(StoredMessage.decode(redelivered.messages().get(0)).reconsumeTimes()).isEqualTo(1);
    }

    @Test
    void aPeek_showsWhatAPopWouldHandOut_withoutHandingItOut() {
        pop.send(0, "p0");

        PopMessages.Result peeked = pop.peekMessages.peek(new PeekMessages.Command(GROUP, MessageBroker.TOPIC, -1, 32));

        assertThat(bodies(peeked)).containsExactly("p0");
        assertThat(pop.ledger.checkpoints().size()).isZero();
        assertThat(bodies(pop.popNow(pop(-1, 32, false)))).containsExactly("p0");
        assertThat(pop.peekMessages.peek(new PeekMessages.Command(GROUP, MessageBroker.TOPIC, -1, 32)).status())
                .isEqualTo(PopMessages.Status.NO_MESSAGE);
    }

    @Test
    void aNotification_waitsUntilTheGroupHasAMessage_andCountsAsAWaitingPoll() {
        CompletableFuture<AwaitMessages.Result> waiting = pop.awaitMessages.await(
                new AwaitMessages.Command(GROUP, MessageBroker.TOPIC, -1, 10_000, false, null));
        assertThat(waiting).isNotDone();
        assertThat(pop.pollingInfo.get(new GetPollingInfo.Command(GROUP, MessageBroker.TOPIC, 0)).pollingNum())
                .isEqualTo(1);

        pop.send(0, "n0");
        pop.messages.pullExecutor.runAll();

        assertThat(waiting.join().hasMessages()).isTrue();
        assertThat(pop.ledger.checkpoints().size()).as("nothing handed out").isZero();
    }
}

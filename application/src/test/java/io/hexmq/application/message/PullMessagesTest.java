package io.hexmq.application.message;

import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.bodies;
import static io.hexmq.application.message.MessageBroker.pull;
import static io.hexmq.application.message.PullMessages.Command.FLAG_COMMIT_OFFSET;
import static io.hexmq.application.message.PullMessages.Command.FLAG_SUBSCRIPTION;
import static io.hexmq.application.message.PullMessages.Command.FLAG_SUSPEND;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PullMessagesTest {

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 2);

    @Test
    void returnsStoredMessages_withNextMinAndMaxOffsets() {
        mb.sendTagged(TOPIC, 0, "TagA", "m0");
        mb.sendTagged(TOPIC, 0, "TagB", "m1");
        mb.sendTagged(TOPIC, 0, "TagA", "m2");

        PullMessages.Result result = mb.pullNow(pull("CG", TOPIC, 0, 1, FLAG_SUBSCRIPTION, "*"));

        assertThat(result.status()).isEqualTo(PullMessages.Status.FOUND);
        assertThat(bodies(result)).containsExactly("m1", "m2");
        assertThat(result.nextBeginOffset()).isEqualTo(3);
        assertThat(result.minOffset()).isZero();
        assertThat(result.maxOffset()).isEqualTo(3);
        assertThat(result.suggestWhichBrokerId()).isZero();
        assertThat(mb.statistics.snapshot().getTotal()).isEqualTo(2);
    }

    @Test
    void countsAReadThatFoundNothing_asAMissedRead_forBrokerStatusGetMissTps() {
        mb.sendTagged(TOPIC, 0, "TagA", "m0");
        mb.statistics.sample();
        mb.pullNow(pull("CG", TOPIC, 0, 1, FLAG_SUBSCRIPTION, "*"));
        mb.pullNow(pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION, "*"));
        mb.broker.clock.advanceMillis(1000);

        BrokerStatistics.Snapshot snapshot = mb.statistics.snapshot();

        assertThat(snapshot.missedReadTps()[0]).isEqualTo(1.0);
        assertThat(snapshot.foundReadTps()[0]).isEqualTo(1.0);
    }

    @Test
    void filtersByTheRequestsTagExpression_andReChecksTheExactTag() {
        // "Aa" and "BB" share a hash code: the consume queue cannot tell them apart, the record can.
        mb.sendTagged(TOPIC, 0, "Aa", "collides");
        mb.sendTagged(TOPIC, 0, "BB", "wanted");
        mb.sendTagged(TOPIC, 0, "TagC", "other");

        PullMessages.Result result = mb.pullNow(pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION, "BB || TagX"));

        assertThat(bodies(result)).containsExactly("wanted");
        assertThat(result.nextBeginOffset()).isEqualTo(3);
    }

    @Test
    void answersRetryImmediately_whenNothingScannedMatches() {
        mb.sendTagged(TOPIC, 0, "TagA", "m0");

        PullMessages.Result result = mb.pullNow(pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION, "TagB"));

        assertThat(result.status()).isEqualTo(PullMessages.Status.NO_MATCHED_MESSAGE);
        assertThat(result.nextBeginOffset()).isEqualTo(1);
    }

    @Test
    void mapsTheStoreStatusTable() {
        mb.sendTagged(TOPIC, 0, "TagA", "m0");

        PullMessages.Result atEnd = mb.pullNow(pull("CG", TOPIC, 0, 1, FLAG_SUBSCRIPTION, "*"));
        assertThat(atEnd.status()).isEqualTo(PullMessages.Status.NO_NEW_MESSAGE);
        assertThat(atEnd.nextBeginOffset()).isEqualTo(1);

        PullMessages.Result beyond = mb.pullNow(pull("CG", TOPIC, 0, 9, FLAG_SUBSCRIPTION, "*"));
        assertThat(beyond.status()).isEqualTo(PullMessages.Status.OFFSET_MOVED);
        assertThat(beyond.nextBeginOffset()).isEqualTo(1);

        assertThat(mb.pullNow(pull("CG", TOPIC, 1, 0, FLAG_SUBSCRIPTION, "*")).status())
                .isEqualTo(PullMessages.Status.NO_NEW_MESSAGE);
        PullMessages.Result emptyQueueAhead = mb.pullNow(pull("CG", TOPIC, 1, 5, FLAG_SUBSCRIPTION, "*"));
        assertThat(emptyQueueAhead.status()).isEqualTo(PullMessages.Status.OFFSET_MOVED);
        assertThat(emptyQueueAhead.nextBeginOffset()).isZero();
    }

    @Test
    void refusesPull_beforeTouchingTheStore() {
        MessageBroker strict = new MessageBroker(s -> TestBroker.withAutoCreate(s, true, false),
                MessageSettings.defaults()).withTopic(TOPIC, 2);
        assertThat(strict.pullMessages.pull(pull("Nobody", TOPIC, 0, 0, FLAG_SUBSCRIPTION, "*")).join().status())
                .isEqualTo(PullMessages.Status.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(mb.pullNow(pull("CG", "Missing", 0, 0, FLAG_SUBSCRIPTION, "*")).status())
                .isEqualTo(PullMessages.Status.TOPIC_NOT_EXIST);
        assertThat(mb.pullNow(pull("CG", TOPIC, 2, 0, FLAG_SUBSCRIPTION, "*")).status())
                .isEqualTo(PullMessages.Status.INVALID_PARAMETER);
        assertThat(mb.pullNow(pull("CG", TOPIC, -1, 0, FLAG_SUBSCRIPTION, "*")).status())
                .isEqualTo(PullMessages.Status.INVALID_PARAMETER);
        assertThat(mb.pullNow(pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION, " || ")).status())
                .isEqualTo(PullMessages.Status.SUBSCRIPTION_PARSE_FAILED);
        PullMessages.Command sql = new PullMessages.Command("CG", TOPIC, 0, 0, 32, FLAG_SUBSCRIPTION, 0, 0, "a > 1",
                0, "SQL92");
        assertThat(mb.pullNow(sql).status()).isEqualTo(PullMessages.Status.FILTER_NOT_SUPPORTED);
    }

    @Test
    void usesTheHeartbeatSubscription_whenTheRequestCarriesNone() {
        assertThat(mb.pullNow(pull("CG", TOPIC, 0, 0, 0, null)).status())
                .isEqualTo(PullMessages.Status.SUBSCRIPTION_NOT_EXIST);
        mb.heartbeat("CG", "OtherTopic", 5);
        assertThat(mb.pullNow(pull("CG", TOPIC, 0, 0, 0, null)).status())
                .isEqualTo(PullMessages.Status.SUBSCRIPTION_NOT_EXIST);

        mb.heartbeat("CG", TOPIC, 5, "TagB");
        mb.sendTagged(TOPIC, 0, "TagA", "a");
        mb.sendTagged(TOPIC, 0, "TagB", "b");
        assertThat(bodies(mb.pullNow(pull("CG", TOPIC, 0, 0, 0, null)))).containsExactly("b");

        PullMessages.Command newer = new PullMessages.Command("CG", TOPIC, 0, 0, 32, 0, 0, 0, null, 6, "TAG");
        assertThat(mb.pullNow(newer).status()).isEqualTo(PullMessages.Status.SUBSCRIPTION_NOT_LATEST);
    }

    @Test
    void commitsTheConsumersOffset_whenAsked() {
        mb.sendTagged(TOPIC, 1, "TagA", "m0");

        mb.pullNow(new PullMessages.Command("CG", TOPIC, 1, 0, 32, FLAG_SUBSCRIPTION | FLAG_COMMIT_OFFSET, 7, 0, "*", 0,
                "TAG"));

        assertThat(mb.broker.offsets.find(new TopicGroup(new TopicName(TOPIC), new GroupName("CG")), 1))
                .hasValue(7);
    }

    @Test
    void notesHowFarTheGroupHasPulled_whereTheAnswerSaysToGoOn() {
        TopicGroup key = new TopicGroup(new TopicName(TOPIC), new GroupName("CG"));
        mb.sendTagged(TOPIC, 0, "TagA", "m0");
        mb.sendTagged(TOPIC, 0, "TagA", "m1");
        assertThat(mb.broker.offsets.pulledUpTo(key, 0)).isEmpty();

        mb.pullNow(pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION, "*"));

        assertThat(mb.broker.offsets.pulledUpTo(key, 0)).hasValue(2);
        assertThat(mb.broker.offsets.find(key, 0)).isEmpty();
    }

    @Test
    void parksAPullThatFindsNothing_andAnswersItWhenAMessageArrives() {
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION | FLAG_SUSPEND, "*"));
        assertThat(parked).isNotDone();
        assertThat(mb.longPolling.parkedCount()).isEqualTo(1);

        mb.sendTagged(TOPIC, 0, "TagA", "late");
        assertThat(parked).as("the store's thread only hands the pull over").isNotDone();
        assertThat(mb.pullExecutor.pending()).isEqualTo(1);
        mb.pullExecutor.runAll();

        assertThat(parked).isDone();
        assertThat(bodies(parked.join())).containsExactly("late");
        assertThat(parked.join().nextBeginOffset()).isEqualTo(1);
        assertThat(mb.longPolling.parkedCount()).isZero();
    }

    @Test
    void answersAParkedPullWithNotFound_whenItsTimeoutPasses() {
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION | FLAG_SUSPEND, "*"));

        mb.broker.clock.advanceMillis(14_999);
        assertThat(mb.longPolling.expireDue()).isEmpty();
        mb.broker.clock.advanceMillis(1);
        assertThat(mb.longPolling.expireDue()).hasSize(1);
        mb.pullExecutor.runAll();

        assertThat(parked.join().status()).isEqualTo(PullMessages.Status.NO_NEW_MESSAGE);
        assertThat(parked.join().nextBeginOffset()).isZero();
    }

    @Test
    void aMessageWithAnotherTag_orForAnotherQueue_doesNotWakeTheParkedPull() {
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION | FLAG_SUSPEND, "TagA"));

        mb.sendTagged(TOPIC, 0, "TagB", "not for you");
        mb.sendTagged(TOPIC, 1, "TagA", "other queue");
        assertThat(mb.pullExecutor.pending()).isZero();
        assertThat(parked).isNotDone();

        mb.sendTagged(TOPIC, 0, "TagA", "yours");
        mb.pullExecutor.runAll();
        assertThat(bodies(parked.join())).containsExactly("yours");
    }

    @Test
    void waitsOnlyTheShortPollingTime_whenLongPollingIsOff() {
        MessageBroker shortPolling = new MessageBroker(s -> s, new MessageSettings(1024, false, 1000))
                .withTopic(TOPIC, 1);
        CompletableFuture<PullMessages.Result> parked = shortPolling.pullMessages.pull(
                pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION | FLAG_SUSPEND, "*"));

        shortPolling.broker.clock.advanceMillis(1000);
        shortPolling.longPolling.expireDue();
        shortPolling.pullExecutor.runAll();

        assertThat(parked.join().status()).isEqualTo(PullMessages.Status.NO_NEW_MESSAGE);
    }

    @Test
    void answersOnce_whenArrivalAndTimeoutRace() {
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION | FLAG_SUSPEND, "*"));
        mb.sendTagged(TOPIC, 0, "TagA", "m");
        mb.broker.clock.advanceMillis(20_000);

        assertThat(mb.longPolling.expireDue()).isEmpty();
        mb.pullExecutor.runAll();
        assertThat(bodies(parked.join())).containsExactly("m");
        ByteBuffer first = parked.join().messages().get(0);
        assertThat(first.isReadOnly()).isTrue();
    }
}

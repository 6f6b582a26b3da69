package io.hexmq.application.pop;

import static io.hexmq.application.pop.PopBroker.GROUP;
import static io.hexmq.application.pop.PopBroker.INVISIBLE;
import static io.hexmq.application.pop.PopBroker.bodies;
import static io.hexmq.application.pop.PopBroker.pop;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReviveExpiredPopsTest {

    private static final String RETRY_TOPIC = "%RETRY%" + GROUP + "_" + MessageBroker.TOPIC;

    private final PopBroker pop = new PopBroker();

    @Test
    void revivesNothing_beforeTheDeadline_andTellsWhenItIsDue() {
        pop.send(0, "m0");
        PopMessages.Result popped = pop.popNow(pop(0, 1, false));

        ReviveExpiredPops.Result result = pop.revive.revive();

        assertThat(result.revived()).isZero();
        assertThat(result.nextDueMillis()).isEqualTo(popped.popTime() + INVISIBLE);
    }

    @Test
    void anUnackedMessage_goesToThePopRetryTopic_withItsReconsumeCountRaised() {
        pop.send(0, "m0");
        PopMessages.Result popped = pop.popNow(pop(0, 1, false));
        pop.messages.broker.clock.advanceMillis(INVISIBLE);

        ReviveExpiredPops.Result result = pop.revive.revive();

        assertThat(result.revived()).isEqualTo(1);
        assertThat(result.nextDueMillis()).isEqualTo(ReviveExpiredPops.NOTHING_DUE);
        StoredMessage copy = retried().get(0);
        assertThat(new String(copy.body())).isEqualTo("m0");
        assertThat(copy.reconsumeTimes()).isEqualTo(1);
        assertThat(copy.propertyMap()).containsEntry(MessageProperties.FIRST_POP_TIME,
                Long.toString(popped.popTime())).containsEntry(MessageProperties.TAGS, "T");
        assertThat(pop.checkpointStore.load().checkpoints()).isEmpty();
    }

    @Test
    void anAckedMessage_isNotRevived_andALateAckIsStillAnsweredOk() {
        pop.send(0, "m0", "m1");
        PopMessages.Result popped = pop.popNow(pop(0, 2, false));
        assertThat(pop.ack(popped, 0).status()).isEqualTo(AckMessage.Status.OK);
        pop.messages.broker.clock.advanceMillis(INVISIBLE);

        assertThat(pop.revive.revive().revived()).isEqualTo(1);
        assertThat(retried()).extracting(m -> new String(m.body())).containsExactly("m1");
        assertThat(pop.ack(popped, 1).status()).as("after its revival").isEqualTo(AckMessage.Status.OK);
    }

    @Test
    void changingTheInvisibleTime_movesTheDeadline_andTheNewPopTimeIsWhatAcksIt() {
        pop.send(0, "m0");
        PopMessages.Result popped = pop.popNow(pop(0, 1, false));
        pop.messages.broker.clock.advanceMillis(1_000);

        ChangeInvisibleTime.Result changed = pop.changeInvisibleTime.change(new ChangeInvisibleTime.Command(GROUP,
                MessageBroker.TOPIC, 0, 0, popped.popTime(), false, 60_000));

        assertThat(changed.status()).isEqualTo(ChangeInvisibleTime.Status.OK);
        assertThat(changed.popTime()).isEqualTo(popped.popTime() + 1_000);
        pop.messages.broker.clock.advanceMillis(INVISIBLE);
        assertThat(pop.revive.revive().revived()).as("the old deadline passed").isZero();
        assertThat(pop.ackMessage.ack(new AckMessage.Command(GROUP, MessageBroker.TOPIC, 0, 0, popped.popTime(),
                false)).status()).isEqualTo(AckMessage.Status.OK);
        assertThat(pop.ledger.checkpoints().size()).as("an ack of the old delivery changes nothing").isEqualTo(1);
        pop.ackMessage.ack(new AckMessage.Command(GROUP, MessageBroker.TOPIC, 0, 0, changed.popTime(), false));
        assertThat(pop.ledger.checkpoints().size()).isZero();
    }

    @Test
    void refusesAChange_ofAnOffsetNotInTheQueue() {
        assertThat(pop.changeInvisibleTime.change(new ChangeInvisibleTime.Command(GROUP, MessageBroker.TOPIC, 0, 0,
                0, false, 1_000)).status()).isEqualTo(ChangeInvisibleTime.Status.NO_MESSAGE);
        assertThat(pop.ackMessage.ack(new AckMessage.Command(GROUP, MessageBroker.TOPIC, 7, 0, 0, false)).status())
                .isEqualTo(AckMessage.Status.MESSAGE_ILLEGAL);
    }

    @Test
    void aMessageConsumedRetryMaxTimes_goesToTheDeadLetterTopic() {
        pop.send(0, "doomed");
        for (int attempt = 0; attempt <= 16; attempt++) {
            PopMessages.Result popped = pop.popNow(pop(0, 1, false));
            assertThat(bodies(popped)).as("attempt " + attempt).containsExactly("doomed");
            pop.messages.broker.clock.advanceMillis(INVISIBLE);
            pop.revive.revive();
        }

        List<StoredMessage> dead = read("%DLQ%" + GROUP);
        assertThat(dead).extracting(m -> new String(m.body())).containsExactly("doomed");
        assertThat(dead.get(0).reconsumeTimes()).isEqualTo(17);
        assertThat(pop.messages.broker.deadLettered()).containsOnly(Map.entry(GROUP + "@" + MessageBroker.TOPIC, 1L));
        assertThat(pop.popNow(pop(0, 1, false)).status()).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void aRestartedBroker_revivesWhatWasUnacked_andNotWhatWasAcked() {
        pop.send(0, "acked", "unacked");
        PopMessages.Result popped = pop.popNow(pop(0, 2, false));
        pop.ack(popped, 0);

        PopBroker restarted = pop.restarted();
        restarted.messages.broker.clock.advanceMillis(INVISIBLE);

        assertThat(restarted.revive.revive().revived()).isEqualTo(1);
        assertThat(bodies(restarted.popNow(pop(-1, 32, false)))).containsExactly("unacked");
    }

    @Test
    void aCrashThatLostTheGroupsOffset_handsOutNothingAckedAgain() {
        pop.send(0, "acked", "unacked");
        pop.ack(pop.popNow(pop(0, 2, false)), 0);
        TopicGroup key = new TopicGroup(new TopicName(MessageBroker.TOPIC), new GroupName(GROUP));
        pop.messages.broker.offsets.commit(key, 0, 0);

        PopBroker restarted = pop.restarted();

        assertThat(restarted.messages.broker.offsets.find(key, 0)).hasValue(2);
        assertThat(restarted.popNow(pop(0, 2, false)).status()).isEqualTo(PopMessages.Status.POLLING_TIMEOUT);
    }

    @Test
    void aBatchAck_acksEachNamedOffset() {
        pop.send(0, "m0", "m1", "m2");
        PopMessages.Result popped = pop.popNow(pop(0, 3, false));

        BatchAckMessages.Status status = pop.batchAck.ack(List.of(new BatchAckMessages.Ack(GROUP, MessageBroker.TOPIC,
                false, 0, List.of(0L, 2L), popped.popTime(), false)));

        assertThat(status).isEqualTo(BatchAckMessages.Status.OK);
        assertThat(pop.ledger.checkpoints().snapshot()).extracting(c -> c.offset()).containsExactly(1L);
        assertThat(pop.batchAck.ack(List.of())).isEqualTo(BatchAckMessages.Status.NO_MESSAGE);
    }

    private List<StoredMessage> retried() {
        return read(RETRY_TOPIC);
    }

    private List<StoredMessage> read(String topic) {
        return pop.messages.store.read(topic, 0, 0, 32, MessageFilter.ALL).messages().stream()
                .map(StoredMessage::decode).toList();
    }
}

package io.hexmq.application.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.CommitConsumerOffset;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import org.junit.jupiter.api.Test;

class MeasureConsumerLagTest {

    private static final GroupName GROUP = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("Orders");

    private final TestBroker broker = new TestBroker();
    private final MeasureConsumerLag measure = new MeasureConsumerLag(broker.getBrokerConsumeStats, broker.messageStore,
            broker.clock);

    MeasureConsumerLagTest() {
        broker.topics.put(TopicConfig.of(TOPIC, 2, 2, Permission.READ_WRITE), TestBroker.START, ignored -> { });
    }

    private void append(int queueId, int count) {
        for (int i = 0; i < count; i++) {
            broker.messageStore.append(Message.builder(TOPIC.value(), queueId, new byte[] {(byte) i}).build());
        }
    }

    private void commit(int queueId, long offset) {
        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(GROUP, TOPIC, queueId, offset));
    }

    @Test
    void lagAndInflight_areSummedOverTheTopicsQueues_fromTheQueueEndsTheCommittedAndThePulledOffsets() {
        append(0, 5);
        append(1, 3);
        commit(0, 2);
        commit(1, 3);
        broker.offsets.recordPull(new TopicGroup(TOPIC, GROUP), 0, 4);

        assertThat(measure.measure()).containsExactly(new MeasureConsumerLag.GroupLag(GROUP, TOPIC, 3, 2, 0, 0));
        assertThat(measure.measure().get(0).ready()).as("stored, not fetched").isEqualTo(1);
    }

    @Test
    void aGroupThatCaughtUp_hasNoLag() {
        append(0, 4);
        commit(0, 4);

        assertThat(measure.measure()).containsExactly(new MeasureConsumerLag.GroupLag(GROUP, TOPIC, 0, 0, 0, 0));
    }

    @Test
    void followsTheOffsets_asMessagesArriveAndAreCommitted_withoutCountingMessages() {
        commit(0, 0);
        append(0, 7);
        assertThat(measure.measure().get(0).lag()).isEqualTo(7);

        commit(0, 5);
        assertThat(measure.measure().get(0).lag()).isEqualTo(2);
    }

    @Test
    void latencies_areHowLongTheOldestUncommittedAndTheOldestUnfetchedMessageWaited_overTheTopicsQueues() {
        append(0, 2);                         // stored at START: offsets 0 and 1 of queue 0
        broker.clock.advanceMillis(1_000);
        append(1, 2);                         // stored at START + 1 s: offsets 0 and 1 of queue 1
        broker.clock.advanceMillis(1_000);
        append(0, 1);                         // stored at START + 2 s: offset 2 of queue 0
        commit(0, 2);                         // queue 0: only the newest not committed
        commit(1, 0);
        broker.offsets.recordPull(new TopicGroup(TOPIC, GROUP), 1, 2);   // queue 1 fetched to its end
        broker.offsets.recordPull(new TopicGroup(TOPIC, GROUP), 0, 2);
        broker.clock.advanceMillis(3_000);    // now START + 5 s

        MeasureConsumerLag.GroupLag lag = measure.measure().get(0);

        assertThat(lag.lagLatencyMillis()).as("queue 1's offset 0, stored at START + 1 s").isEqualTo(4_000);
        assertThat(lag.queueingLatencyMillis()).as("queue 0's offset 2, stored at START + 2 s").isEqualTo(3_000);
    }

    @Test
    void latencies_areZero_whenEveryMessageIsCommitted() {
        append(0, 3);
        commit(0, 3);
        broker.clock.advanceMillis(60_000);

        MeasureConsumerLag.GroupLag lag = measure.measure().get(0);

        assertThat(lag.lagLatencyMillis()).isZero();
        assertThat(lag.queueingLatencyMillis()).isZero();
    }
}

package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.topic.TopicName;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsumerOffsetsTest {

    private static final GroupName GROUP = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("TopicTest");
    private static final TopicGroup KEY = new TopicGroup(TOPIC, GROUP);

    private final ConsumerOffsets offsets = new ConsumerOffsets(ConsumerOffsetTable.EMPTY);

    @Test
    void returnsTheLastCommittedOffsetPerQueue() {
        offsets.commit(KEY, 0, 10);
        offsets.commit(KEY, 0, 12);
        offsets.commit(KEY, 1, 3);

        assertThat(offsets.find(KEY, 0)).hasValue(12);
        assertThat(offsets.find(KEY, 1)).hasValue(3);
        assertThat(offsets.find(KEY, 2)).isEmpty();
        assertThat(offsets.find(new TopicGroup(TOPIC, new GroupName("Other")), 0)).isEmpty();
    }

    @Test
    void listsTheGroupsThatCommittedOnATopic_sortedByName() {
        offsets.commit(KEY, 0, 1);
        offsets.commit(new TopicGroup(TOPIC, new GroupName("AG")), 2, 5);
        offsets.commit(new TopicGroup(new TopicName("Other"), new GroupName("ZG")), 0, 1);

        assertThat(offsets.groupsOn(TOPIC)).containsExactly(new GroupName("AG"), GROUP);
        assertThat(offsets.groupsOn(new TopicName("Nobody"))).isEmpty();
    }

    @Test
    void snapshotsAndRestoresEveryOffset() {
        offsets.commit(KEY, 0, 12);
        offsets.commit(new TopicGroup(new TopicName("Other"), GROUP), 3, 7);

        ConsumerOffsets restored = new ConsumerOffsets(offsets.snapshot());

        assertThat(restored.snapshot()).isEqualTo(offsets.snapshot());
        assertThat(restored.offsetsOf(GROUP)).isEqualTo(Map.of(TOPIC, Map.of(0, 12L), new TopicName("Other"), Map.of(3, 7L)));
    }

    @Test
    void forgetsAGroupsOrATopicsOffsets() {
        GroupName other = new GroupName("Other");
        offsets.commit(KEY, 0, 12);
        offsets.commit(new TopicGroup(TOPIC, other), 0, 5);
        offsets.commit(new TopicGroup(new TopicName("T2"), other), 0, 5);

        assertThat(offsets.removeGroup(GROUP)).isTrue();
        assertThat(offsets.removeTopic(TOPIC)).isTrue();
        assertThat(offsets.removeGroup(GROUP)).isFalse();

        assertThat(offsets.snapshot().offsets()).containsOnlyKeys(new TopicGroup(new TopicName("T2"), other));
    }

    @Test
    void rejectsNegativeQueueIdsAndOffsets() {
        assertThatThrownBy(() -> offsets.commit(KEY, -1, 0)).isInstanceOf(InvalidConsumerDataException.class);
        assertThatThrownBy(() -> offsets.commit(KEY, 0, -1)).isInstanceOf(InvalidConsumerDataException.class);
    }

    @Test
    void copiesAGroupsOffsetsOnATopic_replacingTheDestinations_unlessTheSourceHasNone() {
        TopicGroup destination = new TopicGroup(TOPIC, new GroupName("Clone"));
        offsets.commit(KEY, 0, 5);
        offsets.commit(KEY, 1, 9);
        offsets.commit(destination, 3, 1);

        assertThat(offsets.copy(KEY, destination)).isTrue();
        offsets.commit(KEY, 0, 6);

        assertThat(offsets.find(destination, 0)).hasValue(5);
        assertThat(offsets.find(destination, 1)).hasValue(9);
        assertThat(offsets.find(destination, 3)).isEmpty();
        assertThat(offsets.copy(new TopicGroup(TOPIC, new GroupName("Nobody")), destination)).isFalse();
        assertThat(offsets.find(destination, 0)).hasValue(5);
    }

    @Test
    void forgetsOneQueuesOffset_keepingTheGroupsOtherQueues() {
        offsets.commit(KEY, 0, 5);
        offsets.commit(KEY, 1, 9);

        offsets.forget(KEY, 0);
        offsets.forget(KEY, 3);

        assertThat(offsets.find(KEY, 0)).isEmpty();
        assertThat(offsets.find(KEY, 1)).hasValue(9);
        offsets.forget(KEY, 1);
        assertThat(offsets.snapshot().offsets()).isEmpty();
        offsets.commit(KEY, 1, 10);
        assertThat(offsets.find(KEY, 1)).hasValue(10);
    }

    @Test
    void adoptsAnotherTable_replacingEveryOffsetAndDroppingWhatItLacks() {
        TopicGroup other = new TopicGroup(TOPIC, new GroupName("Other"));
        offsets.commit(KEY, 0, 5);
        offsets.commit(other, 1, 9);

        offsets.adopt(new ConsumerOffsetTable(Map.of(KEY, Map.of(2, 40L))));

        assertThat(offsets.find(KEY, 0)).isEmpty();
        assertThat(offsets.find(KEY, 2)).hasValue(40);
        assertThat(offsets.find(other, 1)).isEmpty();
    }
}

package io.hexmq.domain.pop;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PopCheckpointsTest {

    private static final GroupName GROUP = new GroupName("cg");
    private static final TopicName TOPIC = new TopicName("T");

    private final PopCheckpoints checkpoints = new PopCheckpoints(List.of());

    private static PopCheckpoint unordered(long offset, long popTime) {
        return PopCheckpoint.unordered(GROUP, TOPIC, 0, offset, popTime, 1_000);
    }

    private static PopCheckpoint orderly(long offset, long popTime) {
        return new PopCheckpoint(GROUP, TOPIC, 0, offset, popTime, 1_000, true, 0, 3);
    }

    @Test
    void holdsOneCheckpointPerMessage_aLaterDeliveryReplacingTheEarlier() {
        checkpoints.add(List.of(unordered(0, 100)));
        checkpoints.add(List.of(unordered(0, 500)));

        assertThat(checkpoints.snapshot()).containsExactly(unordered(0, 500));
    }

    @Test
    void removesACheckpoint_onlyForTheDeliveryThatPoppedIt() {
        checkpoints.add(List.of(unordered(0, 500)));

        assertThat(checkpoints.remove(GROUP, TOPIC, 0, 0, 100)).as("an earlier delivery's ack").isEmpty();
        assertThat(checkpoints.remove(GROUP, TOPIC, 0, 0, 500)).contains(unordered(0, 500));
        assertThat(checkpoints.size()).isZero();
    }

    @Test
    void fallsDueAtTheDeadline_andTellsEachNewUnorderedDeadline() {
        List<Long> told = new ArrayList<>();
        checkpoints.whenDue(told::add);

        checkpoints.add(List.of(unordered(0, 100), unordered(1, 50), orderly(2, 0)));

        assertThat(told).containsExactly(1_050L);
        assertThat(checkpoints.nextDeadline()).hasValue(1_050);
        assertThat(checkpoints.dueAt(1_049)).isEmpty();
        assertThat(checkpoints.dueAt(1_100)).containsExactlyInAnyOrder(unordered(0, 100), unordered(1, 50));
    }

    @Test
    void anOrderlyCheckpoint_blocksItsQueueUntilItsDeadline() {
        checkpoints.add(List.of(orderly(0, 0)));

        assertThat(checkpoints.blocksOrderly(GROUP, TOPIC, 0, 999, null)).isTrue();
        assertThat(checkpoints.blocksOrderly(GROUP, TOPIC, 1, 999, null)).as("another queue").isFalse();
        assertThat(checkpoints.blocksOrderly(GROUP, TOPIC, 0, 1_000, null)).isFalse();
        assertThat(checkpoints.dueAt(5_000)).as("never revived").isEmpty();
    }

    @Test
    void anOrderlyCheckpoint_doesNotBlockItsQueueForTheAttemptThatPoppedIt_butForAnyOtherAndForNone() {
        checkpoints.add(List.of(new PopCheckpoint(GROUP, TOPIC, 0, 0, 0, 1_000, true, 0, 3, "attempt-1")));

        assertThat(checkpoints.blocksOrderly(GROUP, TOPIC, 0, 999, "attempt-1")).as("its own retry").isFalse();
        assertThat(checkpoints.blocksOrderly(GROUP, TOPIC, 0, 999, "attempt-2")).as("another attempt").isTrue();
        assertThat(checkpoints.blocksOrderly(GROUP, TOPIC, 0, 999, null)).as("no attempt").isTrue();
    }

    @Test
    void anOrderlyCheckpointWithoutAttempt_blocksEveryAttempt() {
        checkpoints.add(List.of(orderly(0, 0)));

        assertThat(checkpoints.blocksOrderly(GROUP, TOPIC, 0, 999, "attempt-1")).isTrue();
    }

    @Test
    void anOrderlyCheckpoint_keepsItsAttempt_whenItsInvisibleTimeChanges_andInTheSavedState() {
        PopCheckpoint held = new PopCheckpoint(GROUP, TOPIC, 0, 0, 0, 1_000, true, 2, 3, "attempt-1");
        checkpoints.add(List.of(held.withInvisibility(0, 5_000)));

        PopCheckpoints restored = new PopCheckpoints(List.of());
        restored.restore(checkpoints.state());

        assertThat(restored.blocksOrderly(GROUP, TOPIC, 0, 4_999, "attempt-1")).isFalse();
        assertThat(restored.blocksOrderly(GROUP, TOPIC, 0, 4_999, "attempt-2")).isTrue();
        assertThat(restored.snapshot()).extracting(PopCheckpoint::attemptId).containsExactly("attempt-1");
    }

    @Test
    void savesTheFurthestOffsetOfEachQueue_withTheCheckpoints_andRestoresBoth() {
        checkpoints.add(List.of(unordered(4, 0)));
        checkpoints.advance(new PopOffset(GROUP, TOPIC, 0, 5));
        checkpoints.advance(new PopOffset(GROUP, TOPIC, 0, 3));

        PopState state = checkpoints.state();
        PopCheckpoints restored = new PopCheckpoints(List.of());
        restored.restore(state);

        assertThat(state.offsets()).containsExactly(new PopOffset(GROUP, TOPIC, 0, 5));
        assertThat(restored.state()).isEqualTo(state);
    }

    @Test
    void recordsEachChange_inItsOrder_forTheStoreToAppend() {
        checkpoints.add(List.of(unordered(0, 100), orderly(1, 100)));
        checkpoints.remove(GROUP, TOPIC, 0, 0, 99);
        checkpoints.remove(GROUP, TOPIC, 0, 0, 100);
        checkpoints.advance(new PopOffset(GROUP, TOPIC, 0, 2));
        checkpoints.advance(new PopOffset(GROUP, TOPIC, 0, 1));
        checkpoints.removeOrderly(GROUP, TOPIC, 0);

        assertThat(checkpoints.drainChanges()).containsExactly(new PopChange.Put(unordered(0, 100)),
                new PopChange.Put(orderly(1, 100)), new PopChange.Remove(GROUP, TOPIC, 0, 0, 100),
                new PopChange.Advance(new PopOffset(GROUP, TOPIC, 0, 2)),
                new PopChange.Remove(GROUP, TOPIC, 0, 1, 100));
        assertThat(checkpoints.drainChanges()).as("each change is handed out once").isEmpty();
    }

    @Test
    void theRecordedChanges_appliedElsewhere_endInTheSameState_evenTwiceInARow() {
        PopCheckpoints follower = new PopCheckpoints(List.of());
        checkpoints.add(List.of(unordered(0, 100), unordered(1, 100)));
        checkpoints.remove(GROUP, TOPIC, 0, 0, 100);
        checkpoints.add(List.of(unordered(1, 300)));
        checkpoints.advance(new PopOffset(GROUP, TOPIC, 0, 2));
        List<PopChange> changes = checkpoints.drainChanges();

        follower.apply(changes);
        PopState once = follower.state();
        follower.apply(changes);

        assertThat(once).isEqualTo(checkpoints.state());
        assertThat(follower.state()).isEqualTo(once);
        assertThat(follower.drainChanges()).as("taken in, not made here").isEmpty();
    }

    @Test
    void takingInASavedState_recordsNoChange() {
        checkpoints.restore(new PopState(List.of(unordered(0, 100)), List.of(new PopOffset(GROUP, TOPIC, 0, 1))));
        checkpoints.adopt(new PopState(List.of(unordered(1, 100)), List.of()));

        assertThat(checkpoints.drainChanges()).isEmpty();
    }
}

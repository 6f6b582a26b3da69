package io.hexmq.domain.topic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopicConfigTableTest {

    private static final long T0 = 1_000L;

    private static TopicConfig topic(String name, int queues) {
        return TopicConfig.of(new TopicName(name), queues, queues, Permission.READ_WRITE);
    }

    @Test
    void listsTheTopicsCreatedOrChangedSinceAnEarlierTable_inNameOrder_withoutTheUnchangedOrDeletedOnes() {
        TopicConfigTable earlier = TopicConfigTable.empty(T0).with(topic("B", 4), T0).with(topic("D", 4), T0)
                .with(topic("F", 4), T0);

        TopicConfigTable later = earlier.with(topic("A", 4), T0).with(topic("D", 8), T0).without(new TopicName("F"), T0)
                .with(topic("G", 1), T0);

        assertThat(later.changedSince(earlier)).containsExactly(topic("A", 4), topic("D", 8), topic("G", 1));
    }

    @Test
    void listsNothing_forTheSameTopicsRebuiltEqual() {
        TopicConfigTable earlier = TopicConfigTable.empty(T0).with(topic("A", 4), T0);

        TopicConfigTable rebuilt = TopicConfigTable.empty(T0).with(topic("A", 4), T0).nextVersion(T0);

        assertThat(rebuilt.changedSince(earlier)).isEmpty();
    }

    @Test
    void listsTheTopicsDeletedSince_inNameOrder_andNoneCreatedOrChanged() {
        TopicConfigTable earlier = TopicConfigTable.empty(T0).with(topic("C", 4), T0).with(topic("A", 4), T0)
                .with(topic("B", 4), T0);

        TopicConfigTable later = earlier.without(new TopicName("C"), T0).without(new TopicName("A"), T0)
                .with(topic("B", 8), T0).with(topic("D", 1), T0);

        assertThat(later.removedSince(earlier)).containsExactly(new TopicName("A"), new TopicName("C"));
    }
}

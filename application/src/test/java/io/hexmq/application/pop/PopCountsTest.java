package io.hexmq.application.pop;

import static io.hexmq.application.pop.PopBroker.GROUP;
import static io.hexmq.application.pop.PopBroker.INVISIBLE;
import static io.hexmq.application.pop.PopBroker.pop;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.domain.consumer.TopicGroup;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** What the POP, ack and revive paths count for RocketMQ's POP revive metrics, by group and popped topic. */
class PopCountsTest {

    private static final String KEY = GROUP + "@" + MessageBroker.TOPIC;

    private final PopBroker pop = new PopBroker();

    private static Map<String, Long> read(Consumer<BiConsumer<TopicGroup, Long>> forEach) {
        Map<String, Long> counts = new TreeMap<>();
        forEach.accept((key, count) -> counts.put(key.group().value() + "@" + key.topic().value(), count));
        return counts;
    }

    @Test
    void countsCheckpointsWritten_acks_revivedCheckpoints_andRetryCopies() {
        pop.send(0, "m0", "m1");
        PopMessages.Result popped = pop.popNow(pop(0, 2, false));
        PopCounts counts = pop.ledger.counts();
        assertThat(read(counts::forEachCheckpointPut)).containsOnly(Map.entry(KEY, 2L));

        pop.ack(popped, 0);
        assertThat(read(counts::forEachAckPut)).containsOnly(Map.entry(KEY, 1L));
        assertThat(read(counts::forEachCheckpointRevived)).isEmpty();

        pop.messages.broker.clock.advanceMillis(INVISIBLE);
        pop.revive.revive();
        assertThat(read(counts::forEachCheckpointRevived)).as("the unacked one").containsOnly(Map.entry(KEY, 1L));
        assertThat(read(counts::forEachRetried)).containsOnly(Map.entry(KEY, 1L));
    }

    @Test
    void orderlyPops_areNotCounted_asRocketMqKeepsThemOutOfItsReviveTopic() {
        pop.send(0, "m0");
        PopMessages.Result popped = pop.popNow(pop(0, 1, true));
        pop.ack(popped, 0);

        assertThat(read(pop.ledger.counts()::forEachCheckpointPut)).isEmpty();
        assertThat(read(pop.ledger.counts()::forEachAckPut)).isEmpty();
    }
}

package io.hexmq.application.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.fakes.CountingRegistrationMarks;
import io.hexmq.application.topic.SendTopicLookup.Result;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SaveStagedTopicsTest {

    private final TestBroker broker = new TestBroker();
    private final AtomicInteger saves = new AtomicInteger();
    private final TopicConfigStore countingStore = new TopicConfigStore() {
        @Override
        public Optional<TopicConfigTable> load() {
            return broker.topicStore.load();
        }

        @Override
        public void save(TopicConfigTable table) {
            broker.topicStore.save(table);
            saves.incrementAndGet();
        }
    };
    private final SaveStagedTopics saver = new SaveStagedTopics(broker.topics, countingStore, broker.clock);
    private final List<Long> wakes = new ArrayList<>();
    private final CountingRegistrationMarks marks = new CountingRegistrationMarks();
    private final SendTopicLookup lookup = new SendTopicLookup(broker.topics, saver, marks, broker.clock,
            broker.liveSettings);

    SaveStagedTopicsTest() {
        saver.whenDue(wakes::add);
    }

    private Result firstSend(String topic) {
        return lookup.resolve(new SendTopicLookup.Request(topic, "TBW102", 4, -1, 0));
    }

    @Test
    void savesABurstOfCreationsOnce_andLetsTheirSendsGoOnOnlyThen() {
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Result created = firstSend("New" + i);
            assertThat(created.created()).isTrue();
            sends.add(created.saved().toCompletableFuture());
        }

        assertThat(saves).hasValue(0);
        assertThat(sends).allSatisfy(send -> assertThat(send).isNotDone());
        assertThat(marks.marks()).as("nothing registered before it is saved").isZero();
        assertThat(wakes).containsOnly(broker.clock.millis());
        saver.saveDue();

        assertThat(saves).hasValue(1);
        assertThat(sends).allSatisfy(send -> assertThat(send).isCompleted());
        assertThat(broker.topicStore.load().orElseThrow().contains(new TopicName("New19"))).isTrue();
        assertThat(marks.marks()).isEqualTo(20);
    }

    @Test
    void carriesEverythingStagedWhileASaveRuns_inOneSaveRightAfterIt() {
        firstSend("First");
        AtomicInteger stagedMidway = new AtomicInteger();
        SaveStagedTopics stagingMidway = new SaveStagedTopics(broker.topics, new TopicConfigStore() {
            @Override
            public Optional<TopicConfigTable> load() {
                return countingStore.load();
            }

            @Override
            public void save(TopicConfigTable table) {
                if (stagedMidway.getAndIncrement() == 0) {
                    firstSend("Second");
                    firstSend("Third");
                }
                countingStore.save(table);
            }
        }, broker.clock);

        long next = stagingMidway.saveDue();

        assertThat(saves).hasValue(1);
        assertThat(next).as("due again at once").isEqualTo(broker.clock.millis());
        assertThat(stagingMidway.saveDue()).isEqualTo(SaveStagedTopics.NOTHING_DUE);
        assertThat(saves).hasValue(2);
        assertThat(broker.topics.find(new TopicName("Third"))).isPresent();
    }

    @Test
    void answersAnExistingTopicAtOnce_withoutAnySave() {
        firstSend("Orders");
        saver.saveDue();

        Result again = firstSend("Orders");

        assertThat(again.created()).isFalse();
        assertThat(again.saved().toCompletableFuture()).isCompleted();
        assertThat(saves).hasValue(1);
    }
}

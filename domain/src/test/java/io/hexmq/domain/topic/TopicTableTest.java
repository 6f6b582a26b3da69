package io.hexmq.domain.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class TopicTableTest {

    private static final long T0 = 1_000L;
    private static final TopicName TBW102 = SystemTopics.AUTO_CREATE_TOPIC;
    private static final TopicName ORDERS = new TopicName("Orders");

    private final List<TopicConfigTable> saved = new ArrayList<>();
    private final Consumer<TopicConfigTable> persist = saved::add;

    private static TopicTable tableWith(TopicConfig... configs) {
        TopicConfigTable table = TopicConfigTable.empty(T0);
        for (TopicConfig config : configs) {
            table = table.with(config, T0);
        }
        return new TopicTable(table);
    }

    private static TopicConfig template(int queues, Permission permission) {
        return new TopicConfig(TBW102, queues, queues, permission, TopicFilterType.MULTI_TAG, 0, false, Map.of());
    }

    @Test
    void savesManyStagedCreationsAtOnce_andShowsThemToReadersOnlyOnceSaved() {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));
        List<TopicTable.Pending<TopicCreation>> staged = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            staged.add(topics.stageFromDefault(new TopicName("New" + i), TBW102, 4, 0, true, T0 + 1));
        }

        assertThat(topics.find(new TopicName("New0"))).isEmpty();
        assertThat(staged).allSatisfy(pending -> assertThat(pending.saved().toCompletableFuture()).isNotDone());
        assertThat(topics.saveStaged(persist)).isTrue();

        assertThat(saved).hasSize(1);
        assertThat(saved.get(0).topics()).hasSize(21);
        assertThat(topics.find(new TopicName("New19"))).isPresent();
        assertThat(staged).allSatisfy(pending -> assertThat(pending.saved().toCompletableFuture()).isCompleted());
        assertThat(topics.saveStaged(persist)).as("nothing left to save").isFalse();
    }

    @Test
    void makesASecondSendToAStagedTopicWaitForTheSameSave_insteadOfCreatingItAgain() {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));
        TopicTable.Pending<TopicCreation> first = topics.stageFromDefault(ORDERS, TBW102, 4, 0, true, T0);

        TopicTable.Pending<TopicCreation> second = topics.stageFromDefault(ORDERS, TBW102, 4, 0, true, T0);

        assertThat(first.outcome().isCreated()).isTrue();
        assertThat(second.outcome().status()).isEqualTo(TopicCreation.Status.EXISTED);
        assertThat(second.saved().toCompletableFuture()).isNotDone();
        topics.saveStaged(persist);
        assertThat(second.saved().toCompletableFuture()).isCompleted();
    }

    @Test
    void failsEveryStagedCreation_whenTheSaveThatCarriedThemFails() {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));
        TopicTable.Pending<TopicCreation> orders = topics.stageFromDefault(ORDERS, TBW102, 4, 0, true, T0);
        TopicTable.Pending<TopicCreation> other = topics.stageFromDefault(new TopicName("Other"), TBW102, 4, 0, true, T0);

        assertThatThrownBy(() -> topics.saveStaged(table -> {
            throw new TopicConfigStorageException("disk full", null);
        })).isInstanceOf(TopicConfigStorageException.class);

        assertThat(orders.saved().toCompletableFuture()).isCompletedExceptionally();
        assertThat(other.saved().toCompletableFuture()).isCompletedExceptionally();
        assertThat(topics.find(ORDERS)).isEmpty();
        assertThat(topics.hasStaged()).isFalse();
    }

    @Test
    void tellsAStagedCreation_whenAnotherWritersSaveCarriedIt() {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));
        TopicTable.Pending<TopicCreation> staged = topics.stageFromDefault(ORDERS, TBW102, 4, 0, true, T0);

        topics.put(TopicConfig.of(new TopicName("Admin"), 4, 4, Permission.READ_WRITE), T0, persist);

        assertThat(staged.saved().toCompletableFuture()).isCompleted();
        assertThat(saved.get(saved.size() - 1).contains(ORDERS)).isTrue();
    }

    @Test
    void createsATopicFromItsTemplate_withTheSmallerQueueCountAndWithoutInherit() {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));

        TopicCreation creation = topics.createFromDefault(ORDERS, TBW102, 4, 0, true, T0 + 1, persist);

        assertThat(creation.isCreated()).isTrue();
        TopicConfig created = creation.config().orElseThrow();
        assertThat(created.readQueueNums()).isEqualTo(4);
        assertThat(created.writeQueueNums()).isEqualTo(4);
        assertThat(created.permission()).isEqualTo(Permission.READ_WRITE);
        assertThat(created.filterType()).isEqualTo(TopicFilterType.MULTI_TAG);
        assertThat(topics.find(ORDERS)).contains(created);
        assertThat(saved).containsExactly(topics.snapshot());
    }

    @Test
    void capsTheQueueCountAtTheTemplatesWriteQueues() {
        TopicTable topics = tableWith(template(2, Permission.INHERIT_READ_WRITE));

        TopicConfig created = topics.createFromDefault(ORDERS, TBW102, 16, 0, true, T0, persist).config().orElseThrow();

        assertThat(created.writeQueueNums()).isEqualTo(2);
    }

    @Test
    void returnsAnExistingTopicUnchanged_insteadOfCreatingIt() {
        TopicConfig orders = TopicConfig.of(ORDERS, 3, 3, Permission.READ_WRITE);
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE), orders);

        TopicCreation creation = topics.createFromDefault(ORDERS, TBW102, 4, 0, true, T0, persist);

        assertThat(creation.status()).isEqualTo(TopicCreation.Status.EXISTED);
        assertThat(creation.config()).contains(orders);
        assertThat(saved).isEmpty();
    }

    @Test
    void refusesToCreate_whenTheTemplateIsMissing() {
        TopicCreation creation = tableWith().createFromDefault(ORDERS, TBW102, 4, 0, true, T0, persist);

        assertThat(creation.status()).isEqualTo(TopicCreation.Status.DEFAULT_TOPIC_MISSING);
        assertThat(creation.reason()).contains("TBW102");
        assertThat(creation.isAvailable()).isFalse();
    }

    @Test
    void refusesToCreate_whenTheTemplateCannotBeInherited() {
        TopicTable topics = tableWith(template(8, Permission.READ_WRITE));

        TopicCreation creation = topics.createFromDefault(ORDERS, TBW102, 4, 0, true, T0, persist);

        assertThat(creation.status()).isEqualTo(TopicCreation.Status.DEFAULT_TOPIC_NOT_INHERITABLE);
        assertThat(topics.find(ORDERS)).isEmpty();
    }

    @Test
    void refusesToCreateFromTbw102_whenAutoCreateWasSwitchedOffSinceItWasSaved() {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));

        TopicCreation creation = topics.createFromDefault(ORDERS, TBW102, 4, 0, false, T0, persist);

        assertThat(creation.status()).isEqualTo(TopicCreation.Status.DEFAULT_TOPIC_NOT_INHERITABLE);
        assertThat(creation.reason()).contains("autoCreateTopicEnable");
    }

    @Test
    void bumpsTheDataVersionOnEveryChange_andNotWhenNothingChanges() {
        TopicTable topics = tableWith();
        DataVersion before = topics.snapshot().dataVersion();
        TopicConfig orders = TopicConfig.of(ORDERS, 4, 4, Permission.READ_WRITE);

        assertThat(topics.put(orders, T0 + 5, persist)).isTrue();
        assertThat(topics.put(orders, T0 + 6, persist)).isFalse();

        assertThat(topics.snapshot().dataVersion()).isEqualTo(before.next(T0 + 5));
        assertThat(saved).hasSize(1);
    }

    @Test
    void keepsTheOldTable_whenSavingTheNewOneFails() {
        TopicTable topics = tableWith();
        TopicConfigTable before = topics.snapshot();

        assertThatThrownBy(() -> topics.put(TopicConfig.of(ORDERS, 4, 4, Permission.READ_WRITE), T0, table -> {
            throw new TopicConfigStorageException("disk full", null);
        })).isInstanceOf(TopicConfigStorageException.class);

        assertThat(topics.snapshot()).isSameAs(before);
    }

    @Test
    void savesOutsideItsMonitor_soOtherWritersAreNotHeldByTheDisk() {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));
        List<Boolean> monitorHeldWhileSaving = new ArrayList<>();

        topics.createFromDefault(ORDERS, TBW102, 4, 0, true, T0, table ->
                monitorHeldWhileSaving.add(Thread.holdsLock(topics)));

        assertThat(monitorHeldWhileSaving).containsExactly(false);
    }

    @Test
    void showsACreatedTopicToReaders_onlyOnceItIsSaved() throws Exception {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));
        CountDownLatch saving = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread firstSend = new Thread(() -> topics.createFromDefault(ORDERS, TBW102, 4, 0, true, T0, table -> {
            saving.countDown();
            await(release);
        }));
        firstSend.start();
        try {
            assertThat(saving.await(10, TimeUnit.SECONDS)).isTrue();

            assertThat(topics.find(ORDERS)).isEmpty();
        } finally {
            release.countDown();
            firstSend.join(10_000);
        }
        assertThat(topics.find(ORDERS)).isPresent();
    }

    @Test
    void savesEveryConcurrentlyCreatedTopic_beforeItsCreatorReturns_andNeverAnOlderTableAfterANewerOne()
            throws Exception {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));
        List<TopicConfigTable> saves = new CopyOnWriteArrayList<>();
        int senders = 8;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<String> notSavedOnReturn = new CopyOnWriteArrayList<>();
        for (int i = 0; i < senders; i++) {
            TopicName topic = new TopicName("New" + i);
            Thread sender = new Thread(() -> {
                await(go);
                topics.createFromDefault(topic, TBW102, 4, 0, true, T0, saves::add);
                if (!saves.get(saves.size() - 1).contains(topic)) {
                    notSavedOnReturn.add(topic.value());
                }
            });
            sender.start();
            threads.add(sender);
        }
        go.countDown();
        for (Thread sender : threads) {
            sender.join(10_000);
        }

        assertThat(notSavedOnReturn).isEmpty();
        assertThat(saves).isNotEmpty().hasSizeLessThanOrEqualTo(senders);
        assertThat(saves).extracting(table -> table.dataVersion().counter()).isSorted().doesNotHaveDuplicates();
        TopicConfigTable lastSaved = saves.get(saves.size() - 1);
        assertThat(lastSaved).isSameAs(topics.snapshot());
        for (int i = 0; i < senders; i++) {
            assertThat(lastSaved.contains(new TopicName("New" + i))).as("New" + i).isTrue();
        }
    }

    @Test
    void failsAChangeMadeWhileASaveThatItBuiltOnFails_andKeepsTheTableOnDisk() throws Exception {
        TopicTable topics = tableWith(template(8, Permission.INHERIT_READ_WRITE));
        TopicConfigTable before = topics.snapshot();
        TopicName other = new TopicName("Other");
        CountDownLatch saving = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<RuntimeException> firstFailure = new CopyOnWriteArrayList<>();
        Thread firstSend = new Thread(() -> {
            try {
                topics.createFromDefault(ORDERS, TBW102, 4, 0, true, T0, table -> {
                    saving.countDown();
                    await(release);
                    throw new TopicConfigStorageException("disk full", null);
                });
            } catch (RuntimeException e) {
                firstFailure.add(e);
            }
        });
        firstSend.start();
        List<RuntimeException> secondFailure = new CopyOnWriteArrayList<>();
        Thread secondSend = new Thread(() -> {
            try {
                topics.createFromDefault(other, TBW102, 4, 0, true, T0, persist);
            } catch (RuntimeException e) {
                secondFailure.add(e);
            }
        });
        try {
            assertThat(saving.await(10, TimeUnit.SECONDS)).isTrue();
            secondSend.start();
            awaitBlocked(secondSend);
        } finally {
            release.countDown();
            firstSend.join(10_000);
            secondSend.join(10_000);
        }

        assertThat(firstFailure).singleElement().isInstanceOf(TopicConfigStorageException.class);
        assertThat(secondFailure).singleElement().isInstanceOf(TopicConfigStorageException.class);
        assertThat(saved).isEmpty();
        assertThat(topics.snapshot()).isSameAs(before);
        assertThat(topics.createFromDefault(other, TBW102, 4, 0, true, T0, persist).isCreated()).isTrue();
        assertThat(saved).singleElement().satisfies(table -> {
            assertThat(table.contains(other)).isTrue();
            assertThat(table.contains(ORDERS)).isFalse();
        });
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("latch not released within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Polls, with a bound, until {@code thread} waits for a lock: here, for the save under way. */
    private static void awaitBlocked(Thread thread) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.getState() != Thread.State.BLOCKED) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("thread not blocked within 10 s: " + thread.getState());
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void removesATopic_andReportsWhatWasRemoved() {
        TopicConfig orders = TopicConfig.of(ORDERS, 4, 4, Permission.READ_WRITE);
        TopicTable topics = tableWith(orders);

        assertThat(topics.remove(ORDERS, T0, persist)).contains(orders);
        assertThat(topics.remove(ORDERS, T0, persist)).isEmpty();
        assertThat(saved).hasSize(1);
    }

    @Test
    void addsMissingBuiltInTopics_butKeepsWhatWasSaved() {
        TopicConfig savedTemplate = template(4, Permission.INHERIT_READ_WRITE);
        TopicTable topics = tableWith(savedTemplate);
        List<TopicConfig> builtIn = new SystemTopics("C", "b").defaultConfigs(true, 8, true, true);

        assertThat(topics.addMissing(builtIn, T0, persist)).isTrue();
        assertThat(topics.addMissing(builtIn, T0, persist)).isFalse();

        assertThat(topics.find(TBW102)).contains(savedTemplate);
        assertThat(topics.find(SystemTopics.SCHEDULE_TOPIC)).isPresent();
    }

    @Test
    void marksExactlyTheNameServersOrderTopicsAsOrdered() {
        TopicName other = new TopicName("Other");
        TopicTable topics = tableWith(TopicConfig.of(ORDERS, 4, 4, Permission.READ_WRITE),
                TopicConfig.of(other, 4, 4, Permission.READ_WRITE).withOrder(true));

        assertThat(topics.markOrderTopics(Set.of(ORDERS, new TopicName("NotHere")), T0, persist)).isTrue();

        assertThat(topics.find(ORDERS).orElseThrow().order()).isTrue();
        assertThat(topics.find(other).orElseThrow().order()).isFalse();
        assertThat(topics.markOrderTopics(Set.of(ORDERS), T0, persist)).isFalse();
    }

    @Test
    void refusesAConfigFiledUnderAnotherName() {
        assertThatThrownBy(() -> new TopicConfigTable(
                Map.of(ORDERS, TopicConfig.of(new TopicName("X"), 1, 1, Permission.READ_WRITE)),
                DataVersion.initial(T0))).isInstanceOf(InvalidTopicConfigException.class);
    }

    @Test
    void adoptsATableSavedElsewhere_withoutSavingIt() {
        TopicTable table = tableWith();
        TopicConfigTable leaders = TopicConfigTable.empty(T0).with(TopicConfig.of(ORDERS, 4, 4, Permission.READ_WRITE),
                T0 + 1);

        table.adopt(leaders);

        assertThat(table.snapshot()).isEqualTo(leaders);
        assertThat(saved).isEmpty();
    }

    @Test
    void putsAListOfTopicsWithOneSaveAndOneVersion_reportingOnlyThoseThatChanged() {
        TopicConfig kept = TopicConfig.of(new TopicName("Kept"), 4, 4, Permission.READ_WRITE);
        TopicTable topics = tableWith(kept);
        long counterBefore = topics.snapshot().dataVersion().counter();
        TopicConfig orders = TopicConfig.of(ORDERS, 8, 8, Permission.READ_WRITE);
        TopicConfig payments = TopicConfig.of(new TopicName("Payments"), 2, 2, Permission.READ_WRITE);

        List<TopicName> changed = topics.putAll(List.of(orders, kept, payments, orders), T0 + 1, persist);

        assertThat(changed).containsExactly(ORDERS, payments.name());
        assertThat(saved).containsExactly(topics.snapshot());
        assertThat(topics.snapshot().dataVersion().counter()).isEqualTo(counterBefore + 1);
        assertThat(topics.snapshot().configs()).containsExactlyInAnyOrder(kept, orders, payments);
    }

    @Test
    void putsNothingAndSavesNothing_whenEveryConfigInTheListIsAlreadyThere() {
        TopicConfig kept = TopicConfig.of(new TopicName("Kept"), 4, 4, Permission.READ_WRITE);
        TopicTable topics = tableWith(kept);

        assertThat(topics.putAll(List.of(kept), T0 + 1, persist)).isEmpty();
        assertThat(saved).isEmpty();
    }
}

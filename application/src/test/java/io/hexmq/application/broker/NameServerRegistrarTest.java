package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.NameServerRegistrar.Outage;
import io.hexmq.application.broker.NameServerRegistrar.Round;
import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.NameServerReply;
import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.broker.port.NameServerGateway;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class NameServerRegistrarTest {

    private static final Duration PERIOD = Duration.ofSeconds(30);
    private static final Duration COALESCE = Duration.ofMillis(100);
    private static final TopicName ORDERS = new TopicName("Orders");

    private final TestBroker broker = new TestBroker();
    private final List<Long> wakes = new ArrayList<>();
    private final NameServerRegistrar registrar = registrar(broker.registerBroker);

    private NameServerRegistrar registrar(RegisterBrokerWithNameServers registration) {
        NameServerRegistrar made = new NameServerRegistrar(registration, broker.clock, PERIOD, COALESCE);
        made.whenDue(wakes::add);
        return made;
    }

    private int registrations() {
        return broker.nameServers.registrations().size();
    }

    private void createOrders() {
        putOrders();
        registrar.topicsChanged();
    }

    private void putOrders() {
        broker.topics.put(TopicConfig.of(ORDERS, 4, 4, Permission.READ_WRITE), broker.clock.millis(),
                broker.topicStore::save);
    }

    /** An admin's change: the topic is stored, and the answer waits for the round. */
    private CompletableFuture<Void> createOrdersAwaitingRound() {
        putOrders();
        return registrar.topicsChangedAwaitingRound().toCompletableFuture();
    }

    /** A gateway that calls {@code midway} while the NameServers are asked, then answers as {@code broker}'s. */
    private NameServerRegistrar registrarMarkingMidway(Runnable midway) {
        NameServerGateway markingMidway = new NameServerGateway() {
            @Override
            public RegistrationOutcome register(NameServerRegistration registration) {
                midway.run();
                return broker.nameServers.register(registration);
            }

            @Override
            public void unregister(BrokerIdentity identity) {
                broker.nameServers.unregister(identity);
            }
        };
        return registrar(new RegisterBrokerWithNameServers(broker.topics, broker.topicStore, markingMidway,
                broker.clock, broker.liveSettings));
    }

    @Test
    void coalescesManyMarksIntoOneRegistration_dueOneCoalescingDelayAfterTheFirst() {
        long firstMark = broker.clock.millis();
        for (int i = 0; i < 50; i++) {
            registrar.topicsChanged();
            broker.clock.advanceMillis(1);
        }

        Round round = registrar.runDue();

        assertThat(wakes).containsExactly(firstMark + COALESCE.toMillis());
        assertThat(round.attempted()).isTrue();
        assertThat(registrations()).isEqualTo(1);
        assertThat(registrar.runDue().attempted()).isFalse();
        assertThat(registrations()).isEqualTo(1);
    }

    @Test
    void registersTheTopicTableAtItsVersion_andTheSameVersionWhileNothingChanges() {
        createOrders();

        registrar.runDue();
        broker.clock.advanceMillis(PERIOD.toMillis());
        registrar.runDue();

        List<NameServerRegistration> sent = broker.nameServers.registrations();
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0).topicConfigs()).extracting(TopicConfig::name).contains(ORDERS);
        assertThat(sent).extracting(NameServerRegistration::dataVersion)
                .containsOnly(broker.topics.snapshot().dataVersion());
    }

    @Test
    void doesNothing_whileNothingIsMarkedAndThePeriodIsNotUp() {
        long start = broker.clock.millis();
        broker.clock.advanceMillis(PERIOD.toMillis() - 1);

        Round round = registrar.runDue();

        assertThat(round.attempted()).isFalse();
        assertThat(round.nextDueMillis()).isEqualTo(start + PERIOD.toMillis());
        assertThat(registrations()).isZero();
    }

    @Test
    void registersEveryPeriod_withoutMarks() {
        long start = broker.clock.millis();
        broker.clock.advanceMillis(PERIOD.toMillis());

        Round round = registrar.runDue();

        assertThat(round.attempted()).isTrue();
        assertThat(round.nextDueMillis()).isEqualTo(start + 2 * PERIOD.toMillis());
        assertThat(registrations()).isEqualTo(1);
    }

    @Test
    void registersOnceMore_whenTheTopicsChangeWhileARegistrationIsUnderWay() {
        List<NameServerRegistrar> self = new ArrayList<>();
        NameServerRegistrar marked = registrarMarkingMidway(() -> {
            if (registrations() == 0) {
                putOrders();
                self.get(0).topicsChanged();
            }
        });
        self.add(marked);

        Round round = marked.registerNow();

        assertThat(round.nextDueMillis()).isEqualTo(broker.clock.millis() + COALESCE.toMillis());
        assertThat(wakes).containsExactly(broker.clock.millis() + COALESCE.toMillis());
        broker.clock.advanceMillis(COALESCE.toMillis());
        assertThat(marked.runDue().attempted()).isTrue();
        assertThat(registrations()).isEqualTo(2);
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).extracting(TopicConfig::name)
                .containsExactly(ORDERS);
    }

    @Test
    void registersOnlyTheChangedTopics_betweenFullRegistrations_andTheWholeTableWhenThePeriodIsUp() {
        registrar.registerNow();
        int everyTopic = broker.nameServers.lastRegistration().topicConfigs().size();

        createOrders();
        broker.clock.advanceMillis(COALESCE.toMillis());
        registrar.runDue();
        NameServerRegistration incremental = broker.nameServers.lastRegistration();
        broker.clock.advanceMillis(PERIOD.toMillis());
        registrar.runDue();
        NameServerRegistration periodic = broker.nameServers.lastRegistration();

        assertThat(incremental.incremental()).isTrue();
        assertThat(incremental.topicConfigs()).extracting(TopicConfig::name).containsExactly(ORDERS);
        assertThat(incremental.dataVersion()).isEqualTo(broker.topics.snapshot().dataVersion());
        assertThat(periodic.incremental()).isFalse();
        assertThat(periodic.topicConfigs()).hasSize(everyTopic + 1);
    }

    @Test
    void registersNothing_whenMarkedWithoutAChangeSinceTheLastRegistration() {
        registrar.registerNow();

        registrar.topicsChanged();
        broker.clock.advanceMillis(COALESCE.toMillis());
        Round round = registrar.runDue();

        assertThat(round.problems()).isEmpty();
        assertThat(registrations()).isEqualTo(1);
    }

    @Test
    void registersTheWholeTable_whenTheBrokerChangedWithoutATopicChange() {
        registrar.registerNow();

        registrar.brokerChanged();
        broker.clock.advanceMillis(COALESCE.toMillis());
        registrar.runDue();

        assertThat(registrations()).isEqualTo(2);
        assertThat(broker.nameServers.lastRegistration().incremental()).isFalse();
        assertThat(broker.nameServers.lastRegistration().topicConfigs())
                .hasSameSizeAs(broker.topics.snapshot().configs());
    }

    @Test
    void registersInFull_afterAFailedRound() {
        registrar.registerNow();
        broker.nameServers.goSilent("127.0.0.1:9876", "no answer within 24000 ms");
        createOrders();
        broker.clock.advanceMillis(COALESCE.toMillis());
        Round failed = registrar.runDue();
        broker.nameServers.answerWith(List.of(new NameServerReply("127.0.0.1:9876", Optional.empty(), Optional.empty(),
                Optional.empty())));

        broker.clock.set(failed.nextDueMillis());
        registrar.runDue();

        assertThat(broker.nameServers.lastRegistration().incremental()).isFalse();
    }

    @Test
    void retriesAfterAFailure_waitingTwiceAsLongEachTime_upToThePeriod() {
        broker.nameServers.goSilent("127.0.0.1:9876", "no answer within 24000 ms");
        registrar.topicsChanged();
        List<Long> waits = new ArrayList<>();

        for (int attempt = 0; attempt < 8; attempt++) {
            long now = broker.clock.millis();
            Round round = registrar.runDue();
            assertThat(round.attempted()).isTrue();
            waits.add(round.nextDueMillis() - now);
            broker.clock.advanceMillis(round.nextDueMillis() - now - 1);
            assertThat(registrar.runDue().attempted()).as("a round before the retry is due").isFalse();
            broker.clock.advanceMillis(1);
        }

        assertThat(waits).containsExactly(1_000L, 2_000L, 4_000L, 8_000L, 16_000L, 30_000L, 30_000L, 30_000L);
        assertThat(registrations()).isEqualTo(8);
    }

    @Test
    void letsMarksWaitForTheRetry_whileTheNameServersDoNotAnswer() {
        broker.nameServers.goSilent("127.0.0.1:9876", "connection refused");
        Round failed = registrar.registerNow();

        createOrders();
        Round marked = registrar.runDue();

        assertThat(marked.attempted()).isFalse();
        assertThat(marked.nextDueMillis()).isEqualTo(failed.nextDueMillis());
        broker.clock.set(failed.nextDueMillis());
        broker.nameServers.answerWith(List.of());
        assertThat(registrar.runDue().attempted()).isTrue();
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).extracting(TopicConfig::name)
                .contains(ORDERS);
    }

    @Test
    void reportsAnOutageOnceWhenItBegins_andOnceWhenItEnds() {
        broker.nameServers.goSilent("127.0.0.1:9876", "no answer within 24000 ms");
        List<Round> rounds = new ArrayList<>();
        rounds.add(registrar.registerNow());
        for (int i = 0; i < 5; i++) {
            broker.clock.set(rounds.get(rounds.size() - 1).nextDueMillis());
            rounds.add(registrar.runDue());
        }
        broker.nameServers.answerWith(List.of());
        broker.clock.set(rounds.get(rounds.size() - 1).nextDueMillis());
        rounds.add(registrar.runDue());
        broker.clock.advanceMillis(PERIOD.toMillis());
        rounds.add(registrar.runDue());

        assertThat(rounds).extracting(Round::outage).containsExactly(Outage.BEGAN, Outage.UNCHANGED,
                Outage.UNCHANGED, Outage.UNCHANGED, Outage.UNCHANGED, Outage.UNCHANGED, Outage.ENDED,
                Outage.UNCHANGED);
        assertThat(rounds.get(0).problems()).containsExactly("127.0.0.1:9876: no answer within 24000 ms");
        assertThat(rounds).extracting(Round::failedRounds).containsExactly(1, 2, 3, 4, 5, 6, 0, 0);
        assertThat(rounds.get(7).nextDueMillis()).isEqualTo(broker.clock.millis() + PERIOD.toMillis());
    }

    @Test
    void countsARegistrationThatThrows_asAFailedRound() {
        NameServerGateway broken = new NameServerGateway() {
            @Override
            public RegistrationOutcome register(NameServerRegistration registration) {
                throw new IllegalStateException("client closed");
            }

            @Override
            public void unregister(BrokerIdentity identity) {
            }
        };
        NameServerRegistrar failing = registrar(new RegisterBrokerWithNameServers(broker.topics, broker.topicStore,
                broken, broker.clock, broker.liveSettings));

        Round round = failing.registerNow();

        assertThat(round.outage()).isEqualTo(Outage.BEGAN);
        assertThat(round.registration()).isEmpty();
        assertThat(round.problems()).singleElement().asString().contains("client closed");
        assertThat(round.nextDueMillis()).isEqualTo(broker.clock.millis() + NameServerRegistrar.FIRST_RETRY.toMillis());
    }

    @Test
    void marksWithoutWaking_beforeTheSchedulerListens_andRegistersAtTheFirstRound() {
        NameServerRegistrar unscheduled = new NameServerRegistrar(broker.registerBroker, broker.clock, PERIOD,
                COALESCE);
        unscheduled.topicsChanged();

        assertThat(unscheduled.runDue().attempted()).isTrue();
        assertThat(registrations()).isEqualTo(1);
    }

    @Test
    void registersNothingMore_onceStopped() {
        registrar.stop();
        registrar.topicsChanged();
        broker.clock.advanceMillis(PERIOD.toMillis());

        assertThat(registrar.runDue().attempted()).isFalse();
        assertThat(registrations()).isZero();
    }

    @Test
    void endsAWaitingMark_onceTheRoundThatRegistersTheChangeHasEnded() {
        CompletableFuture<Void> answer = createOrdersAwaitingRound();

        assertThat(answer).isNotDone();
        assertThat(wakes).contains(broker.clock.millis());
        registrar.runDue();

        assertThat(answer).isCompleted();
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).extracting(TopicConfig::name)
                .contains(ORDERS);
    }

    @Test
    void endsManyWaitingMarks_withOneRound() {
        List<CompletableFuture<Void>> answers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            answers.add(registrar.topicsChangedAwaitingRound().toCompletableFuture());
        }

        registrar.runDue();

        assertThat(answers).allSatisfy(answer -> assertThat(answer).isCompleted());
        assertThat(registrations()).isEqualTo(1);
        assertThat(wakes).contains(broker.clock.millis());
    }

    @Test
    void endsAWaitingMark_whenItsRoundFails_asTheChangeIsStoredEitherWay() {
        broker.nameServers.goSilent("127.0.0.1:9876", "no answer within 24000 ms");
        CompletableFuture<Void> answer = createOrdersAwaitingRound();

        Round round = registrar.runDue();

        assertThat(round.outage()).isEqualTo(Outage.BEGAN);
        assertThat(answer).isCompleted();
        assertThat(broker.topics.find(ORDERS)).isPresent();
    }

    @Test
    void endsAWaitingMark_whenTheRegistrationThrows() {
        NameServerRegistrar failing = registrarMarkingMidway(() -> {
            throw new IllegalStateException("client closed");
        });
        CompletableFuture<Void> answer = failing.topicsChangedAwaitingRound().toCompletableFuture();

        Round round = failing.runDue();

        assertThat(round.problems()).singleElement().asString().contains("client closed");
        assertThat(answer).isCompleted();
    }

    @Test
    void leavesAWaitingMarkMadeDuringARound_toTheNextRound_whichCarriesItsChange() {
        List<NameServerRegistrar> self = new ArrayList<>();
        List<CompletableFuture<Void>> madeMidway = new ArrayList<>();
        NameServerRegistrar marked = registrarMarkingMidway(() -> {
            if (madeMidway.isEmpty()) {
                putOrders();
                madeMidway.add(self.get(0).topicsChangedAwaitingRound().toCompletableFuture());
            }
        });
        self.add(marked);

        marked.registerNow();

        assertThat(madeMidway.get(0)).isNotDone();
        broker.clock.advanceMillis(COALESCE.toMillis());
        marked.runDue();
        assertThat(madeMidway.get(0)).isCompleted();
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).extracting(TopicConfig::name)
                .contains(ORDERS);
    }

    @Test
    void runsAWaitingMarksRound_withoutWaitingOutTheBackOff_whileTheNameServersDoNotAnswer() {
        broker.nameServers.goSilent("127.0.0.1:9876", "no answer within 24000 ms");
        Round failed = registrar.registerNow();
        CompletableFuture<Void> answer = createOrdersAwaitingRound();

        Round round = registrar.runDue();

        assertThat(broker.clock.millis()).isLessThan(failed.nextDueMillis());
        assertThat(round.attempted()).isTrue();
        assertThat(answer).isCompleted();
        assertThat(registrations()).isEqualTo(2);
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).extracting(TopicConfig::name)
                .contains(ORDERS);
    }

    @Test
    void endsWaitingMarks_whenStopped_andThoseMadeLaterAtOnce() {
        CompletableFuture<Void> pending = registrar.topicsChangedAwaitingRound().toCompletableFuture();

        registrar.stop();
        CompletableFuture<Void> afterStop = registrar.topicsChangedAwaitingRound().toCompletableFuture();

        assertThat(pending).isCompleted();
        assertThat(afterStop).isCompleted();
        assertThat(registrar.runDue().attempted()).isFalse();
        assertThat(registrations()).isZero();
    }
}

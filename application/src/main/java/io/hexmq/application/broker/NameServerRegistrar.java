package io.hexmq.application.broker;

import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.time.port.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;

/**
 * Keeps the NameServers' routes in step with this broker's topics, off the path of every request. A
 * request that changed the topic table only marks the registration dirty ({@link #topicsChanged()});
 * one scheduler thread runs rounds ({@link #runDue()}), and a round registers
 * ({@link RegisterBrokerWithNameServers}) when the registration is dirty, when
 * {@link BrokerSettings#registerNameServerPeriod()} has passed since the last full registration, or when
 * a retry is due. A round the period or a retry made due registers the whole table; a round that only
 * marks made due registers only the topics changed since the last registration the NameServers took
 * ({@link RegisterBrokerWithNameServers#registerChanges()}), so that new topics cost a registration of
 * their own size, not of the table's, and the period still brings the full registration every
 * {@code registerNameServerPeriod}. Marks coalesce: the first mark after a round plans the next one
 * {@code coalesce} later, and any number of marks until then cost one registration, which carries the
 * table's DataVersion, so the NameServers rewrite nothing when it did not change.
 *
 * <p>A mark that waits for its round ({@link #topicsChangedAwaitingRound()}, an admin's change) is told
 * when the first round that began after it has ended, whatever that round came to, or when the
 * registrar stops: a round takes the waits made before it starts, and a wait made while it runs is
 * left to the next round, which the mark made due. Such a mark does not wait out the coalescing delay:
 * its round runs at once (or right after the one under way), as RocketMQ's broker registers an admin's
 * topic before it answers, so that one-topic requests in a row are not held 100 ms each.
 *
 * <p>When a NameServer does not answer, the round failed: the registrar tries again after
 * {@link #FIRST_RETRY}, doubling the wait after each further failure up to the period, and plain marks
 * made meanwhile wait for that retry; a waiting mark does not (its round runs one coalescing delay
 * after it), so that an admin is answered after about one registration, as when the admin's request
 * registered on its own thread. A round reports an {@link Outage} change only on the first failure
 * after success and the first success after failures, so the caller logs an outage once, not once a
 * round.
 *
 * <p>A plain class on a {@link Clock}: the caller owns the thread and the timer. Rounds must not
 * overlap (they are serialised here); the marks may be called from any thread and never block.
 */
public final class NameServerRegistrar implements RegistrationDemand {

    /** How long the registrar waits after a first failed round before it tries again. */
    public static final Duration FIRST_RETRY = Duration.ofSeconds(1);

    /** What a round changed about the NameServers' reachability: the only rounds worth a log line. */
    public enum Outage {
        /** Nothing: as reachable, or as unreachable, as before. */
        UNCHANGED,
        /** This round failed after a success (or as the first round): an outage began. */
        BEGAN,
        /** Every NameServer answered this round after failed ones: the outage is over. */
        ENDED
    }

    /**
     * @param registration  the registration this round made; empty when nothing was due, or it threw
     * @param outage        whether an outage began or ended with this round
     * @param problems      why the round failed, one line per NameServer or error; empty otherwise
     * @param failedRounds  rounds that failed in a row, this one included; 0 after a success
     * @param nextDueMillis when the next round is due (a retry, the period, or a pending mark)
     */
    public record Round(Optional<RegisterBrokerWithNameServers.Result> registration, Outage outage,
            List<String> problems, int failedRounds, long nextDueMillis) {

        public Round {
            Objects.requireNonNull(registration, "registration");
            Objects.requireNonNull(outage, "outage");
            problems = List.copyOf(problems);
        }

        /** Whether this round registered, whatever the NameServers said. */
        public boolean attempted() {
            return registration.isPresent() || !problems.isEmpty();
        }
    }

    private final RegisterBrokerWithNameServers registration;
    private final Clock clock;
    private final long periodMillis;
    private final long coalesceMillis;
    private final AtomicBoolean dirty = new AtomicBoolean();
    /** The next round registers the whole table, whatever the period says ({@link #brokerChanged()}). */
    private final AtomicBoolean fullDue = new AtomicBoolean();
    /** The waits of marks that no round has taken yet; a round takes them all when it starts. */
    private final Queue<CompletableFuture<Void>> awaitingRound = new ConcurrentLinkedQueue<>();
    private volatile LongConsumer wake = atMillis -> { };
    private volatile boolean stopped;
    private long nextPeriodicMillis;
    private long retryAtMillis;
    private int failedRounds;

    /**
     * @param period   {@code registerNameServerPeriod}: the registration repeated however quiet the broker is
     * @param coalesce {@code registerNameServerCoalesceMillis}: how long after a first mark its round runs
     */
    public NameServerRegistrar(RegisterBrokerWithNameServers registration, Clock clock, Duration period,
            Duration coalesce) {
        this.registration = Objects.requireNonNull(registration, "registration");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.periodMillis = positive(period, "period");
        this.coalesceMillis = Objects.requireNonNull(coalesce, "coalesce").toMillis();
        if (coalesceMillis < 0) {
            throw new IllegalArgumentException("coalesce must not be negative: " + coalesce);
        }
        this.nextPeriodicMillis = clock.millis() + periodMillis;
    }

    /**
     * Tells {@code wake} the time of a round that a mark made due earlier than the one planned; the
     * scheduler's hook. Called once, before rounds run.
     */
    public void whenDue(LongConsumer wake) {
        this.wake = Objects.requireNonNull(wake, "wake");
    }

    /** Marks the registration dirty and returns; only the first mark since the last round wakes the scheduler. */
    @Override
    public void topicsChanged() {
        if (!dirty.getAndSet(true)) {
            wake.accept(clock.millis() + coalesceMillis);
        }
    }

    /** Marks the registration dirty, for a round that registers the whole table. */
    @Override
    public void brokerChanged() {
        fullDue.set(true);
        topicsChanged();
    }

    /**
     * Marks the registration dirty and returns what completes when a round that began after this call
     * has ended, or when the registrar stops.
     */
    @Override
    public CompletionStage<Void> topicsChangedAwaitingRound() {
        CompletableFuture<Void> roundEnded = new CompletableFuture<>();
        // Queued before the mark: a round that clears the mark has then also taken this wait, or left it
        // to the round that the mark makes due.
        awaitingRound.add(roundEnded);
        topicsChanged();
        wake.accept(clock.millis());
        if (stopped) {
            // stop() may have let the waits go before this one was queued; no round would end it.
            endWaits(takeWaits());
        }
        return roundEnded;
    }

    /** One round: registers when dirty, when the period is up or when a retry is due; else does nothing. */
    public synchronized Round runDue() {
        long now = clock.millis();
        boolean due = failedRounds > 0
                ? now >= retryAtMillis || !awaitingRound.isEmpty()
                : dirty.get() || now >= nextPeriodicMillis;
        if (!due || stopped) {
            return new Round(Optional.empty(), Outage.UNCHANGED, List.of(), failedRounds, nextDue(now));
        }
        return register(now, failedRounds > 0 || now >= nextPeriodicMillis || fullDue.get());
    }

    /** Registers the whole table now, whatever is due: at start, so that the broker is routed once it serves. */
    public synchronized Round registerNow() {
        return register(clock.millis(), true);
    }

    /**
     * Ends the rounds: waits for one under way, and later ones register nothing, so that an
     * unregistration made after this returns is the last word the NameServers hear. Marks still waiting
     * for a round are let go, and those made later are let go at once.
     */
    public synchronized void stop() {
        stopped = true;
        endWaits(takeWaits());
    }

    /** @param full the whole table; else the changes since the last registration the NameServers took */
    private Round register(long startedMillis, boolean full) {
        // Cleared before registering: a mark made while the NameServers are asked is registered next round.
        dirty.set(false);
        if (full) {
            fullDue.set(false);
        }
        List<CompletableFuture<Void>> waits = takeWaits();
        try {
            return registerTable(startedMillis, full);
        } finally {
            endWaits(waits);
        }
    }

    private Round registerTable(long startedMillis, boolean full) {
        if (full) {
            nextPeriodicMillis = startedMillis + periodMillis;
        }
        Optional<RegisterBrokerWithNameServers.Result> result = Optional.empty();
        List<String> problems;
        try {
            result = Optional.of(full ? registration.register() : registration.registerChanges());
            problems = result.get().failures().stream().map(NameServerRegistrar::describe).toList();
        } catch (RuntimeException e) {
            problems = List.of(e.toString());
        }
        long now = clock.millis();
        if (problems.isEmpty()) {
            Outage outage = failedRounds > 0 ? Outage.ENDED : Outage.UNCHANGED;
            failedRounds = 0;
            return new Round(result, outage, problems, 0, nextDue(now));
        }
        failedRounds++;
        retryAtMillis = now + retryDelay(failedRounds);
        return new Round(result, failedRounds == 1 ? Outage.BEGAN : Outage.UNCHANGED, problems, failedRounds,
                retryAtMillis);
    }

    /** 1 s, 2 s, 4 s, ... after the first, second, third failure in a row; never longer than the period. */
    private long retryDelay(int failures) {
        long delay = FIRST_RETRY.toMillis() << Math.min(failures - 1, 30);
        return Math.min(delay, periodMillis);
    }

    private long nextDue(long now) {
        if (failedRounds > 0) {
            return awaitingRound.isEmpty() ? retryAtMillis : Math.min(retryAtMillis, now + coalesceMillis);
        }
        if (!awaitingRound.isEmpty()) {
            return now;
        }
        return dirty.get() ? Math.min(nextPeriodicMillis, now + coalesceMillis) : nextPeriodicMillis;
    }

    private List<CompletableFuture<Void>> takeWaits() {
        List<CompletableFuture<Void>> taken = new ArrayList<>();
        for (CompletableFuture<Void> wait = awaitingRound.poll(); wait != null; wait = awaitingRound.poll()) {
            taken.add(wait);
        }
        return taken;
    }

    private static void endWaits(List<CompletableFuture<Void>> waits) {
        for (CompletableFuture<Void> wait : waits) {
            wait.complete(null);
        }
    }

    private static String describe(RegistrationOutcome.Failure failure) {
        return failure.nameServer() + ": " + failure.reason();
    }

    private static long positive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.toMillis() <= 0) {
            throw new IllegalArgumentException(name + " must be at least 1 ms: " + duration);
        }
        return duration.toMillis();
    }
}

package io.hexmq.domain.topic;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The broker's topic table: which topics it hosts, with how many queues and which permissions, and
 * the {@link DataVersion} it announces to the NameServers.
 *
 * <p>Readers (every send and pull looks its topic up) read the current {@link TopicConfigTable}
 * without locking; it is always a table that was saved, so what a reader finds, and what the broker
 * tells the NameServers, is on disk.
 *
 * <p>Writers build the next table under this object's monitor, which they hold only for that, and
 * then save it outside the monitor, one save at a time: a writer whose change a concurrent save
 * already carried returns without saving again, and each save writes the newest table, so concurrent
 * first sends to new topics share one save, every change is on disk when its writer returns, and a
 * later save never carries an older table than an earlier one. A failed save leaves readers with what
 * is still on disk and fails every change it carried, together with the changes made on top of them
 * while it ran (their writers get a {@link TopicConfigStorageException} too).
 *
 * <p>A writer that must not hold its thread for the save (a send that creates its topic) stages the change
 * instead ({@link #stageFromDefault}, {@link #stageIfAbsent}) and is told through a stage when a save
 * carried it; whoever calls {@link #saveStaged} next saves every change staged until then at once. Until
 * that save, readers do not see the change, so nothing is answered or registered for a topic that is
 * not on disk.
 */
public final class TopicTable {

    /** A change to stage: the next table, and what the writer reports. */
    private record Change<T>(TopicConfigTable next, T outcome) {
    }

    /** A staged table and the number of failed saves before it, which tells whether it was thrown away. */
    private record Staged(TopicConfigTable table, long failedSavesBefore) {
    }

    /**
     * A change whose save may still be under way.
     *
     * @param outcome what the writer reports
     * @param saved   completes once a save carried the change (at once when it changed nothing and
     *                nothing else waits to be saved); exceptionally with a {@link TopicConfigStorageException}
     *                when the save that carried it failed, or the change was dropped
     */
    public record Pending<T>(T outcome, CompletionStage<Void> saved) {

        public Pending {
            Objects.requireNonNull(saved, "saved");
        }
    }

    /** A staged change's writer, waiting for a save of the table at {@code counter} or later. */
    private record Waiter(long counter, CompletableFuture<Void> saved) {
    }

    private static final CompletionStage<Void> ALREADY_SAVED = CompletableFuture.completedFuture(null);

    /** Held by the one writer saving; never while holding this object's monitor. */
    private final Object saving = new Object();
    private volatile TopicConfigTable current;
    /** {@link #current} plus the changes not saved yet; guarded by this. */
    private TopicConfigTable latest;
    /** Guarded by this. */
    private long failedSaves;
    /** Guarded by this: why the last failed save failed, for the writers whose changes it carried. */
    private RuntimeException lastSaveFailure;
    /** Guarded by this: the writers of staged changes, by growing counter. */
    private final Deque<Waiter> waiters = new ArrayDeque<>();

    public TopicTable(TopicConfigTable initial) {
        this.current = Objects.requireNonNull(initial, "initial");
        this.latest = initial;
    }

    public TopicConfigTable snapshot() {
        return current;
    }

    public Optional<TopicConfig> find(TopicName topic) {
        return current.find(topic);
    }

    /** The topic a request names as text; empty when there is none, or the text is no valid topic name. */
    public Optional<TopicConfig> findNamed(String topic) {
        return topic == null || TopicName.validationProblem(topic).isPresent()
                ? Optional.empty() : current.find(new TopicName(topic));
    }

    /**
     * Creates or replaces a topic's config.
     *
     * @return true if the table changed
     */
    public boolean put(TopicConfig config, long nowMillis, Consumer<TopicConfigTable> persist) {
        return apply(table -> {
            TopicConfigTable next = table.with(config, nowMillis);
            return new Change<>(next, next != table);
        }, persist);
    }

    /**
     * Creates or replaces several topics' configs with one save (see {@link TopicConfigTable#withAll}).
     *
     * @return the names of the topics whose config changed, each once, in the order first given
     */
    public List<TopicName> putAll(List<TopicConfig> configs, long nowMillis, Consumer<TopicConfigTable> persist) {
        return apply(table -> {
            TopicConfigTable next = table.withAll(configs, nowMillis);
            Set<TopicName> changed = new LinkedHashSet<>();
            for (TopicConfig config : configs) {
                if (!Objects.equals(next.topics().get(config.name()), table.topics().get(config.name()))) {
                    changed.add(config.name());
                }
            }
            return new Change<>(next, List.copyOf(changed));
        }, persist);
    }

    /** @return the removed config, or empty when the topic was not here */
    public Optional<TopicConfig> remove(TopicName topic, long nowMillis, Consumer<TopicConfigTable> persist) {
        return apply(table -> new Change<>(table.without(topic, nowMillis), table.find(topic)), persist);
    }

    /** Creates {@code config}'s topic unless it exists; an existing config is returned as it is. */
    public TopicCreation createIfAbsent(TopicConfig config, long nowMillis, Consumer<TopicConfigTable> persist) {
        return apply(creatingIfAbsent(config, nowMillis), persist);
    }

    private static Function<TopicConfigTable, Change<TopicCreation>> creatingIfAbsent(TopicConfig config,
            long nowMillis) {
        return table -> {
            Optional<TopicConfig> existing = table.find(config.name());
            return existing.isPresent()
                    ? new Change<>(table, TopicCreation.existed(existing.get()))
                    : new Change<>(table.with(config, nowMillis), TopicCreation.created(config));
        };
    }

    /**
     * Returns {@code topic}, creating it from the template {@code defaultTopic} if it is missing, the
     * way a producer's first send creates a topic: the template must be hosted here and carry
     * PERM_INHERIT; the new topic gets {@code min(requestedQueueNums, template's writeQueueNums)} read
     * and write queues (never fewer than 0), the template's permission without INHERIT and its filter
     * type. {@link SystemTopics#AUTO_CREATE_TOPIC} serves as a template only while
     * {@code autoCreateTopicEnable} is on, even when an older run left it in the table.
     */
    public TopicCreation createFromDefault(TopicName topic, TopicName defaultTopic, int requestedQueueNums,
            int topicSysFlag, boolean autoCreateTopicEnable, long nowMillis, Consumer<TopicConfigTable> persist) {
        return apply(creatingFromDefault(topic, defaultTopic, requestedQueueNums, topicSysFlag, autoCreateTopicEnable,
                nowMillis), persist);
    }

    /**
     * As {@link #createFromDefault}, staged: returns at once, and the creation is saved, and seen by
     * readers, with the next {@link #saveStaged}. A topic staged and not saved yet is returned as
     * existing, with the same wait.
     */
    public Pending<TopicCreation> stageFromDefault(TopicName topic, TopicName defaultTopic, int requestedQueueNums,
            int topicSysFlag, boolean autoCreateTopicEnable, long nowMillis) {
        return stage(creatingFromDefault(topic, defaultTopic, requestedQueueNums, topicSysFlag, autoCreateTopicEnable,
                nowMillis));
    }

    /** As {@link #createIfAbsent}, staged (see {@link #stageFromDefault}). */
    public Pending<TopicCreation> stageIfAbsent(TopicConfig config, long nowMillis) {
        return stage(creatingIfAbsent(config, nowMillis));
    }

    private static Function<TopicConfigTable, Change<TopicCreation>> creatingFromDefault(TopicName topic,
            TopicName defaultTopic, int requestedQueueNums, int topicSysFlag, boolean autoCreateTopicEnable,
            long nowMillis) {
        return table -> {
            TopicCreation creation = fromDefault(table, topic, defaultTopic, requestedQueueNums, topicSysFlag,
                    autoCreateTopicEnable);
            return creation.isCreated()
                    ? new Change<>(table.with(creation.config().orElseThrow(), nowMillis), creation)
                    : new Change<>(table, creation);
        };
    }

    private static TopicCreation fromDefault(TopicConfigTable table, TopicName topic, TopicName defaultTopic,
            int requestedQueueNums, int topicSysFlag, boolean autoCreateTopicEnable) {
        Optional<TopicConfig> existing = table.find(topic);
        if (existing.isPresent()) {
            return TopicCreation.existed(existing.get());
        }
        Optional<TopicConfig> template = table.find(defaultTopic);
        if (template.isEmpty()) {
            return TopicCreation.refused(TopicCreation.Status.DEFAULT_TOPIC_MISSING,
                    "default topic[" + defaultTopic + "] does not exist on this broker");
        }
        boolean switchedOff = defaultTopic.equals(SystemTopics.AUTO_CREATE_TOPIC) && !autoCreateTopicEnable;
        if (switchedOff || !template.get().permission().isInheritable()) {
            return TopicCreation.refused(TopicCreation.Status.DEFAULT_TOPIC_NOT_INHERITABLE,
                    switchedOff ? "autoCreateTopicEnable is false on this broker"
                            : "default topic[" + defaultTopic + "] has no inherit permission (perm "
                                    + template.get().permission().bits() + ")");
        }
        int queueNums = Math.max(0, Math.min(requestedQueueNums, template.get().writeQueueNums()));
        return TopicCreation.created(new TopicConfig(topic, queueNums, queueNums,
                template.get().permission().withoutInherit(), template.get().filterType(), topicSysFlag, false,
                Map.of()));
    }

    /**
     * Adds the topics of {@code defaults} that are missing (a broker's built-in topics at start).
     *
     * @return true if anything was added
     */
    public boolean addMissing(Collection<TopicConfig> defaults, long nowMillis, Consumer<TopicConfigTable> persist) {
        return apply(table -> {
            TopicConfigTable next = table.withMissing(defaults, nowMillis);
            return new Change<>(next, next != table);
        }, persist);
    }

    /**
     * Applies the NameServer's list of ordered topics (see {@link TopicConfigTable#withOrderTopics}).
     *
     * @return true if any topic's order flag changed
     */
    public boolean markOrderTopics(Set<TopicName> orderTopics, long nowMillis, Consumer<TopicConfigTable> persist) {
        return apply(table -> {
            TopicConfigTable next = table.withOrderTopics(orderTopics, nowMillis);
            return new Change<>(next, next != table);
        }, persist);
    }

    /** Moves the table to its next version with the same topics (see {@link TopicConfigTable#nextVersion}). */
    public void nextVersion(long nowMillis, Consumer<TopicConfigTable> persist) {
        apply(table -> new Change<>(table.nextVersion(nowMillis), null), persist);
    }

    /**
     * Takes {@code table} as the current one without saving it: for a replica that follows its group's
     * leader, whose table the leader saved and replicated. Changes staged here meanwhile are dropped.
     */
    public void adopt(TopicConfigTable table) {
        Objects.requireNonNull(table, "table");
        List<Waiter> dropped;
        synchronized (this) {
            latest = table;
            current = table;
            dropped = new ArrayList<>(waiters);
            waiters.clear();
        }
        fail(dropped, new TopicConfigStorageException("the topic table was replaced by the leader's before the"
                + " change was saved", null));
    }

    /**
     * Saves the changes staged and not saved yet, all at once, and tells their writers.
     *
     * @return false when nothing waited to be saved
     * @throws TopicConfigStorageException or what {@code persist} threw, when the save failed (its writers
     *                                     are told so too)
     */
    public boolean saveStaged(Consumer<TopicConfigTable> persist) {
        Staged staged;
        synchronized (this) {
            if (latest == current) {
                return false;
            }
            staged = new Staged(latest, failedSaves);
        }
        saveThrough(staged, persist);
        return true;
    }

    /** Whether changes are staged and not saved yet. */
    public synchronized boolean hasStaged() {
        return latest != current;
    }

    private <T> Pending<T> stage(Function<TopicConfigTable, Change<T>> change) {
        synchronized (this) {
            Change<T> made = change.apply(latest);
            latest = made.next();
            if (latest == current) {
                return new Pending<>(made.outcome(), ALREADY_SAVED);
            }
            CompletableFuture<Void> saved = new CompletableFuture<>();
            waiters.add(new Waiter(latest.dataVersion().counter(), saved));
            return new Pending<>(made.outcome(), saved);
        }
    }

    /**
     * Stages the change under the monitor, then returns once it is saved: at once when nothing waits
     * to be saved (the change changed nothing, and no other writer's change is pending).
     */
    private <T> T apply(Function<TopicConfigTable, Change<T>> change, Consumer<TopicConfigTable> persist) {
        Change<T> made;
        Staged staged;
        synchronized (this) {
            made = change.apply(latest);
            latest = made.next();
            staged = latest == current ? null : new Staged(latest, failedSaves);
        }
        if (staged != null) {
            saveThrough(staged, persist);
        }
        return made.outcome();
    }

    /**
     * Returns once {@code staged} or a later table is saved; throws if the save that carried it failed.
     * The staged writers a save carried are told after the save lock is let go, so what they chain to it
     * (a send's append) does not hold up the next save.
     */
    private void saveThrough(Staged staged, Consumer<TopicConfigTable> persist) {
        List<Waiter> carried = new ArrayList<>();
        RuntimeException failure = null;
        synchronized (saving) {
            TopicConfigTable newest;
            synchronized (this) {
                if (failedSaves != staged.failedSavesBefore()) {
                    throw new TopicConfigStorageException("the topic table was not saved: "
                            + lastSaveFailure.getMessage(), lastSaveFailure);
                }
                // Within one run of successful saves versions only grow, and each save takes the newest table.
                if (current.dataVersion().counter() >= staged.table().dataVersion().counter()) {
                    return;
                }
                newest = latest;
            }
            try {
                persist.accept(newest);
            } catch (RuntimeException e) {
                failure = e;
            }
            synchronized (this) {
                if (failure == null) {
                    current = newest;
                    while (!waiters.isEmpty() && waiters.peekFirst().counter() <= newest.dataVersion().counter()) {
                        carried.add(waiters.pollFirst());
                    }
                } else {
                    latest = current;
                    failedSaves++;
                    lastSaveFailure = failure;
                    carried.addAll(waiters);
                    waiters.clear();
                }
            }
        }
        if (failure != null) {
            fail(carried, new TopicConfigStorageException("the topic table was not saved: " + failure.getMessage(),
                    failure));
            throw failure;
        }
        for (Waiter waiter : carried) {
            waiter.saved().complete(null);
        }
    }

    private static void fail(List<Waiter> waiters, TopicConfigStorageException failure) {
        for (Waiter waiter : waiters) {
            waiter.saved().completeExceptionally(failure);
        }
    }
}

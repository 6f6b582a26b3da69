package io.hexmq.application.topic;

import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * Saves the topic creations that sends staged ({@link TopicTable#stageFromDefault}), off the threads that
 * serve sends, so that a burst of first sends to new topics shares saves: each save writes the whole
 * table, which costs more the more topics there are, and one producer's first sends arrive one after
 * the other, each too late to share the save of the one before. A save runs as soon as a change is
 * staged, except right after another: then it rests as long as that save took (at most
 * {@link #MAX_REST_MILLIS}), and every change staged until it runs is carried by it. So saving takes at
 * most about half of one thread however fast topics come, and a created topic waits for at most about
 * two saves.
 *
 * <p>No send is answered before its topic is saved: the staged change is seen by readers, registered
 * and answered only once a save carried it (a send's stage waits for {@link TopicTable.Pending#saved()}),
 * as RocketMQ's broker writes {@code topics.json} before it goes on with the send that created the topic.
 *
 * <p>A plain class on a {@link Clock}: the caller owns the thread and the timer ({@link #whenDue},
 * {@link #saveDue}); {@link #staged} may be called from any thread and never blocks.
 */
public final class SaveStagedTopics {

    /** What {@link #saveDue} returns when nothing waits to be saved. */
    public static final long NOTHING_DUE = Long.MAX_VALUE;
    /** The longest rest between two saves, so that a slow save does not hold new topics much longer. */
    public static final long MAX_REST_MILLIS = 50;

    private final TopicTable topics;
    private final TopicConfigStore store;
    private final Clock clock;
    private volatile LongConsumer wake = atMillis -> { };
    /** When the rest after the last save ends; no save starts earlier. */
    private volatile long restEndsMillis = Long.MIN_VALUE;

    public SaveStagedTopics(TopicTable topics, TopicConfigStore store, Clock clock) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Tells {@code wake} when a save is due; the scheduler's hook. Called once, before saves run. */
    public void whenDue(LongConsumer wake) {
        this.wake = Objects.requireNonNull(wake, "wake");
    }

    /** A change was staged: plans a save, at once or when the rest after the last one ends. */
    public void staged() {
        wake.accept(Math.max(clock.millis(), restEndsMillis));
    }

    /**
     * Saves every staged change now, unless the rest after the last save is not over.
     *
     * @return when the next save is due, or {@link #NOTHING_DUE}
     * @throws io.hexmq.domain.topic.TopicConfigStorageException when the save failed; the writers it
     *         carried are told so through their stages
     */
    public long saveDue() {
        long started = clock.millis();
        if (started < restEndsMillis) {
            return restEndsMillis;
        }
        if (!topics.saveStaged(store::save)) {
            return NOTHING_DUE;
        }
        long ended = clock.millis();
        restEndsMillis = ended + Math.min(ended - started, MAX_REST_MILLIS);
        return topics.hasStaged() ? restEndsMillis : NOTHING_DUE;
    }

    /** Saves what is staged at once, rest or not: at stop, so that no staged creation is left unsaved. */
    public void saveNow() {
        topics.saveStaged(store::save);
    }
}

package io.hexmq.application.topic;

import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * Saves the topic creations that sends staged ({@link TopicTable#stageFromDefault}), off the threads that
 * serve sends, so that a burst of first sends to new topics shares saves: each save waits for the disk
 * (the file store appends the changes and forces them once). A save runs as soon as a change is staged and no
 * save is under way; every change staged while one runs is carried by the next, which starts right
 * after it. So a created topic waits for at most about two saves, and the saves of a burst number at
 * most one per save's duration, however many topics it creates. (A rest between saves, to let more
 * changes gather, was tried and dropped: the official client's first sends wait for their answer, so
 * the rest lengthened every first send and slowed a producer's first pass over new topics.)
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

    private final TopicTable topics;
    private final TopicConfigStore store;
    private final Clock clock;
    private volatile LongConsumer wake = atMillis -> { };

    public SaveStagedTopics(TopicTable topics, TopicConfigStore store, Clock clock) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Tells {@code wake} when a save is due; the scheduler's hook. Called once, before saves run. */
    public void whenDue(LongConsumer wake) {
        this.wake = Objects.requireNonNull(wake, "wake");
    }

    /** A change was staged: plans a save now, or right after the one under way. */
    public void staged() {
        wake.accept(clock.millis());
    }

    /**
     * Saves every staged change now.
     *
     * @return when the next save is due (now, when changes were staged while this one ran), or
     *         {@link #NOTHING_DUE}
     * @throws io.hexmq.domain.topic.TopicConfigStorageException when the save failed; the writers it
     *         carried are told so through their stages
     */
    public long saveDue() {
        topics.saveStaged(store::save);
        return topics.hasStaged() ? clock.millis() : NOTHING_DUE;
    }

    /** Saves what is staged: at stop, so that no staged creation is left unsaved. */
    public void saveNow() {
        topics.saveStaged(store::save);
    }
}

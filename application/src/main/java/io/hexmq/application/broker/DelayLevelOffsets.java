package io.hexmq.application.broker;

import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.port.DelayProgressStore;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.SystemTopics;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How far each delay level's scheduler has delivered and how far its queue of the schedule topic reaches,
 * for GET_BROKER_RUNTIME_INFO's {@code scheduleMessageOffset_<level>}: the gap is what still waits. Read
 * from the saved progress (saved after each run that delivered), so it may trail a run under way by that
 * run's messages. Like RocketMQ's, only levels that have progress appear.
 */
public final class DelayLevelOffsets {

    /** @param delivered the next offset the level delivers from; @param queued the level's queue's end */
    public record Level(long delivered, long queued) {
    }

    private final DelayProgressStore progress;
    private final MessageStore store;
    private final DelayLevels levels;

    public DelayLevelOffsets(DelayProgressStore progress, MessageStore store, DelayLevels levels) {
        this.progress = Objects.requireNonNull(progress, "progress");
        this.store = Objects.requireNonNull(store, "store");
        this.levels = Objects.requireNonNull(levels, "levels");
    }

    /** @return level → its offsets, by level */
    public SortedMap<Integer, Level> read() {
        SortedMap<Integer, Level> byLevel = new TreeMap<>();
        for (Map.Entry<Integer, Long> saved : progress.load().offsetTable().entrySet()) {
            int level = saved.getKey();
            if (level >= 1 && level <= levels.maxLevel()) {
                long queued = store.maxOffset(SystemTopics.SCHEDULE_TOPIC.value(), levels.queueIdOf(level));
                byLevel.put(level, new Level(saved.getValue(), queued));
            }
        }
        return byLevel;
    }
}

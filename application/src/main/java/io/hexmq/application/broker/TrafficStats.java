package io.hexmq.application.broker;

import io.hexmq.domain.DomainException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * What each topic took in and each group took out on this broker, by the names of RocketMQ's broker stats:
 * {@code TOPIC_PUT_NUMS} and {@code TOPIC_PUT_SIZE} by topic, {@code GROUP_GET_NUMS} and {@code GROUP_GET_SIZE}
 * by {@code topic@group}; each over the last minute, hour and day (sum, per second, and per recording), as
 * VIEW_BROKER_STATS_DATA answers them ({@code mqadmin statsAll}). A recording is two lock-free additions into
 * the figures of its topic or group; memory is fixed per topic and group ({@link TrafficCounter}).
 */
public final class TrafficStats {

    /** The figures, by their RocketMQ names. */
    public enum Stat {
        TOPIC_PUT_NUMS, TOPIC_PUT_SIZE, GROUP_GET_NUMS, GROUP_GET_SIZE;

        /** The stat of this name; empty for a name hexmq does not keep. */
        public static Optional<Stat> named(String name) {
            for (Stat stat : values()) {
                if (stat.name().equals(name)) {
                    return Optional.of(stat);
                }
            }
            return Optional.empty();
        }
    }

    /** One window: its sum, that sum per second, and per recording (messages per send, bytes per pull ...). */
    public record Window(long sum, double tps, double avgpt) {
        static final Window NONE = new Window(0, 0, 0);
    }

    public record Figures(Window minute, Window hour, Window day) {
    }

    /** Reads the running totals of one topic or one group: messages and bytes since the broker started. */
    @FunctionalInterface
    public interface TotalsReader<K> {
        void totals(K key, long messages, long bytes);
    }

    static final long MINUTE_SAMPLE_MILLIS = 10_000;
    static final long HOUR_SAMPLE_MILLIS = 600_000;
    static final long DAY_SAMPLE_MILLIS = 3_600_000;

    /** A topic's or a group's two figures: messages and bytes. */
    private record Traffic(TrafficCounter messages, TrafficCounter bytes) {

        Traffic(long createdAt) {
            this(new TrafficCounter(createdAt), new TrafficCounter(createdAt));
        }

        void forEach(Consumer<TrafficCounter> action) {
            action.accept(messages);
            action.accept(bytes);
        }
    }

    private final ConcurrentHashMap<String, Traffic> topics = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<TopicGroup, Traffic> groups = new ConcurrentHashMap<>();
    private final Clock clock;
    private long nextMinuteSample;
    private long nextHourSample;
    private long nextDaySample;

    public TrafficStats(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A send stored {@code messages} messages, {@code bytes} bytes in all, for {@code topic}. */
    public void recordPut(String topic, int messages, long bytes) {
        Traffic traffic = topics.computeIfAbsent(topic, ignored -> new Traffic(clock.millis()));
        traffic.messages().add(messages);
        traffic.bytes().add(bytes);
    }

    /** A pull or pop handed {@code messages} messages, {@code bytes} bytes in all, to a group. */
    public void recordGet(TopicGroup key, int messages, long bytes) {
        Traffic traffic = groups.computeIfAbsent(key, ignored -> new Traffic(clock.millis()));
        traffic.messages().add(messages);
        traffic.bytes().add(bytes);
    }

    /**
     * Takes the samples that are due; called often (every second), it does work only every 10 s. One caller at a
     * time: the broker's statistics tick.
     */
    public synchronized void sample() {
        long now = clock.millis();
        if (now >= nextMinuteSample) {
            nextMinuteSample = now + MINUTE_SAMPLE_MILLIS;
            forEachCounter(counter -> counter.sampleMinute(now));
        }
        if (now >= nextHourSample) {
            nextHourSample = now + HOUR_SAMPLE_MILLIS;
            forEachCounter(counter -> counter.sampleHour(now));
        }
        if (now >= nextDaySample) {
            nextDaySample = now + DAY_SAMPLE_MILLIS;
            forEachCounter(counter -> counter.sampleDay(now));
        }
    }

    /**
     * The figures of {@code stat} for {@code key} (a topic, or {@code topic@group}); empty when nothing was
     * recorded under it since the broker started.
     */
    public Optional<Figures> figures(Stat stat, String key) {
        Traffic traffic = switch (stat) {
            case TOPIC_PUT_NUMS, TOPIC_PUT_SIZE -> topics.get(key);
            case GROUP_GET_NUMS, GROUP_GET_SIZE -> groupKey(key).map(groups::get).orElse(null);
        };
        if (traffic == null) {
            return Optional.empty();
        }
        boolean messages = stat == Stat.TOPIC_PUT_NUMS || stat == Stat.GROUP_GET_NUMS;
        return Optional.of((messages ? traffic.messages() : traffic.bytes()).figures());
    }

    /** Hands each topic's totals in to {@code reader}; a topic appears once something was stored for it. */
    public void forEachTopicTotal(TotalsReader<String> reader) {
        topics.forEach((topic, traffic) -> reader.totals(topic, traffic.messages().total(), traffic.bytes().total()));
    }

    /** Hands each topic and group's totals out to {@code reader}; a pair appears at its first delivery. */
    public void forEachGroupTotal(TotalsReader<TopicGroup> reader) {
        groups.forEach((key, traffic) -> reader.totals(key, traffic.messages().total(), traffic.bytes().total()));
    }

    /** Drops a deleted topic's figures and those of the groups that consumed it. */
    public void forgetTopic(String topic) {
        topics.remove(topic);
        groups.keySet().removeIf(key -> key.topic().value().equals(topic));
    }

    private void forEachCounter(Consumer<TrafficCounter> action) {
        topics.values().forEach(traffic -> traffic.forEach(action));
        groups.values().forEach(traffic -> traffic.forEach(action));
    }

    /** {@code topic@group}: neither a topic nor a group name may hold an {@code @}. */
    private static Optional<TopicGroup> groupKey(String key) {
        int at = key.indexOf('@');
        if (at <= 0 || at == key.length() - 1 || key.indexOf('@', at + 1) >= 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new TopicGroup(new TopicName(key.substring(0, at)), new GroupName(key.substring(at + 1))));
        } catch (DomainException | IllegalArgumentException notNames) {
            return Optional.empty();
        }
    }
}

package io.hexmq.domain.consumer;

import io.hexmq.domain.topic.TopicName;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The consumer groups this broker knows from their POPs alone: a 5.x consumer behind the proxy may pop without
 * ever sending a heartbeat, so {@link ConsumerGroups} does not know it. RocketMQ keeps such a group apart as a
 * compensation for the missing heartbeat: consume type CONSUME_POP, message model CLUSTERING (POP knows no
 * broadcasting), and, per popped topic, the subscription of the last POP; admin reads fall back to it only where
 * no heartbeat group answers.
 *
 * <p>A subscription counts for {@link #EXPIRY_MILLIS} after the POP that recorded it (its {@code subVersion} is
 * that POP's time), as RocketMQ's {@code subscriptionExpiredTimeout}; expired ones are simply not answered, and a
 * group's next POP replaces them, so nothing has to sweep. In memory only, as in RocketMQ: the next POP records it
 * again. Thread-safe.
 */
public final class PoppingGroups {

    /** How long a POP's subscription is remembered: RocketMQ's default {@code subscriptionExpiredTimeout}. */
    public static final long EXPIRY_MILLIS = 10 * 60 * 1000L;

    /** A group known from its POPs: how it consumes, and what it popped, by topic. */
    public record PoppingGroup(GroupName name, ConsumeType consumeType, MessageModel messageModel,
            Map<TopicName, Subscription> subscriptions) {

        public PoppingGroup {
            Objects.requireNonNull(name, "name");
            subscriptions = Map.copyOf(subscriptions);
        }
    }

    private final ConcurrentHashMap<GroupName, PoppingGroup> groups = new ConcurrentHashMap<>();

    /**
     * Records one POP of {@code group}: the popped topic with the POP's expression, and the group's POP retry
     * topic, which the same POP reads too.
     */
    public void recordPop(GroupName group, Subscription topic, Subscription retryTopic) {
        groups.compute(group, (name, current) -> {
            Map<TopicName, Subscription> subscriptions =
                    new HashMap<>(current == null ? Map.of() : current.subscriptions());
            subscriptions.put(topic.topic(), topic);
            subscriptions.put(retryTopic.topic(), retryTopic);
            return new PoppingGroup(name, ConsumeType.CONSUME_POP, MessageModel.CLUSTERING, subscriptions);
        });
    }

    public Optional<PoppingGroup> find(GroupName group) {
        return Optional.ofNullable(groups.get(group));
    }

    /** What {@code group} last popped from {@code topic}, unless that was more than {@link #EXPIRY_MILLIS} ago. */
    public Optional<Subscription> subscription(GroupName group, TopicName topic, long nowMillis) {
        return find(group).map(known -> known.subscriptions().get(topic))
                .filter(subscription -> nowMillis - subscription.subVersion() <= EXPIRY_MILLIS);
    }
}

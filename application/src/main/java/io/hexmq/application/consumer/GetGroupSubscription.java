package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.PoppingGroups;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin asks what a group subscribes to on one topic (QUERY_SUBSCRIPTION_BY_CONSUMER): what its online
 * members announce in heartbeats, else what its latest POP of the topic recorded ({@link PoppingGroups}, for a
 * consumer behind the proxy that sends no heartbeat), else nothing, as RocketMQ answers.
 */
public final class GetGroupSubscription {

    public record Query(GroupName group, TopicName topic) {

        public Query {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final ConsumerGroups consumers;
    private final PoppingGroups poppingGroups;
    private final Clock clock;

    public GetGroupSubscription(ConsumerGroups consumers, PoppingGroups poppingGroups, Clock clock) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.poppingGroups = Objects.requireNonNull(poppingGroups, "poppingGroups");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public Optional<Subscription> subscription(Query query) {
        Optional<Subscription> announced = consumers.find(query.group())
                .flatMap(group -> group.subscription(query.topic()));
        if (announced.isPresent()) {
            return announced;
        }
        return poppingGroups.subscription(query.group(), query.topic(), clock.millis());
    }
}

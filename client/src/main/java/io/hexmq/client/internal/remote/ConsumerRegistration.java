package io.hexmq.client.internal.remote;

import io.hexmq.remoting.body.ConsumerJson;
import java.util.List;
import java.util.Objects;

/**
 * A consumer group as the client's heartbeats announce it (HeartbeatData's {@code consumerDataSet}):
 * what the push and pull consumers register with their client, whose heartbeats carry it.
 *
 * @param group            the consumer group
 * @param consumeType      {@code CONSUME_PASSIVELY} (push) or {@code CONSUME_ACTIVELY} (pull)
 * @param messageModel     {@code CLUSTERING} or {@code BROADCASTING}
 * @param consumeFromWhere {@code CONSUME_FROM_LAST_OFFSET}, {@code CONSUME_FROM_FIRST_OFFSET} or
 *                         {@code CONSUME_FROM_TIMESTAMP}
 * @param subscriptions    the topics and tag expressions
 */
public record ConsumerRegistration(String group, String consumeType, String messageModel, String consumeFromWhere,
                                   List<Subscription> subscriptions) {

    /**
     * One subscription: {@code expression} is {@code *} or tags joined by {@code ||}.
     *
     * @param subVersion the client's clock when the subscription was made; pulls carry it
     */
    public record Subscription(String topic, String expression, long subVersion) {

        public Subscription {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(expression, "expression");
        }

        /** The tags of the expression; none for {@code *}. */
        public List<String> tags() {
            if (expression.isBlank() || expression.trim().equals("*")) {
                return List.of();
            }
            return java.util.Arrays.stream(expression.split("\\|\\|")).map(String::trim)
                    .filter(tag -> !tag.isEmpty()).toList();
        }

        /**
         * Whether a message with this tag belongs to the subscription: the client checks again what the
         * broker filtered by tag hash code, as hash codes may collide.
         */
        public boolean accepts(String tag) {
            List<String> tags = tags();
            return tags.isEmpty() || tag != null && tags.contains(tag);
        }

        /** As SubscriptionData: heartbeats announce it, and a consumer's running info lists it. */
        public ConsumerJson.Subscription wire() {
            List<String> tags = tags();
            return new ConsumerJson.Subscription(topic, tags.isEmpty() ? "*" : expression, tags,
                    tags.stream().map(String::hashCode).toList(), subVersion, "TAG");
        }
    }

    public ConsumerRegistration {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(consumeType, "consumeType");
        Objects.requireNonNull(messageModel, "messageModel");
        Objects.requireNonNull(consumeFromWhere, "consumeFromWhere");
        subscriptions = List.copyOf(subscriptions);
    }

    /** As ConsumerData, the entry of a heartbeat's {@code consumerDataSet}. */
    ConsumerJson.Consumer wire() {
        return new ConsumerJson.Consumer(group, consumeType, messageModel, consumeFromWhere,
                subscriptions.stream().map(Subscription::wire).toList());
    }
}

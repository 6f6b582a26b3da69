package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.InvalidBodyException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * HEART_BEAT's body, HeartbeatData ({@link ConsumerJson#readHeartbeat}), in the broker's terms. A consumer
 * entry without consume settings gets the client defaults (push, clustering, last offset); a subscription
 * without expression type is a TAG one.
 */
final class HeartbeatBody {

    /** What the handler needs besides the connection: who sent it and what it belongs to. */
    record Parsed(ClientId clientId, List<RecordHeartbeat.ConsumerData> consumers, Set<GroupName> producerGroups,
            boolean withoutSubscriptions) {
    }

    private HeartbeatBody() {
    }

    static Parsed parse(byte[] body) {
        ConsumerJson.Heartbeat heartbeat = ConsumerJson.readHeartbeat(body);
        Set<GroupName> producers = new LinkedHashSet<>();
        heartbeat.producerGroups().forEach(group -> producers.add(new GroupName(group)));
        List<RecordHeartbeat.ConsumerData> consumers = new ArrayList<>();
        for (ConsumerJson.Consumer consumer : heartbeat.consumers()) {
            consumers.add(consumerData(consumer));
        }
        return new Parsed(new ClientId(heartbeat.clientId()), consumers, producers, heartbeat.withoutSubscriptions());
    }

    private static RecordHeartbeat.ConsumerData consumerData(ConsumerJson.Consumer consumer) {
        List<Subscription> subscriptions = new ArrayList<>();
        for (ConsumerJson.Subscription subscription : consumer.subscriptions()) {
            subscriptions.add(new Subscription(new TopicName(subscription.topic()), subscription.subString(),
                    new LinkedHashSet<>(subscription.tags()), new LinkedHashSet<>(subscription.tagCodes()),
                    subscription.subVersion(),
                    enumValue(ExpressionType.class, subscription.expressionType(), ExpressionType.TAG)));
        }
        return new RecordHeartbeat.ConsumerData(new GroupName(consumer.group()),
                enumValue(ConsumeType.class, consumer.consumeType(), ConsumeType.CONSUME_PASSIVELY),
                enumValue(MessageModel.class, consumer.messageModel(), MessageModel.CLUSTERING),
                enumValue(ConsumeFromWhere.class, consumer.consumeFromWhere(), ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET),
                subscriptions);
    }

    /** The constant named {@code name}, or {@code absent} when there is no name. */
    static <E extends Enum<E>> E enumValue(Class<E> type, String name, E absent) {
        if (name == null) {
            return absent;
        }
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw new InvalidBodyException("unknown " + type.getSimpleName() + " '" + name + "'", e);
        }
    }
}

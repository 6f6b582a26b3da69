package io.hexmq.adapters.netty.broker;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * HEART_BEAT's body, HeartbeatData:
 * <pre>{@code
 * {"clientID":"ip@pid#nanos",
 *  "producerDataSet":[{"groupName":"PG"}],
 *  "consumerDataSet":[{"groupName":"CG","consumeType":"CONSUME_PASSIVELY","messageModel":"CLUSTERING",
 *     "consumeFromWhere":"CONSUME_FROM_LAST_OFFSET","unitMode":false,
 *     "subscriptionDataSet":[{"topic":"T","subString":"A || B","tagsSet":["A","B"],"codeSet":[65,66],
 *        "subVersion":1700000000000,"expressionType":"TAG","classFilterMode":false}]}],
 *  "heartbeatFingerprint":0,"withoutSub":false}
 * }</pre>
 * A consumer entry without consume settings gets the client defaults (push, clustering, last offset);
 * a subscription without expression type is a TAG one.
 */
final class HeartbeatBody {

    /** What the handler needs besides the connection: who sent it and what it belongs to. */
    record Parsed(ClientId clientId, List<RecordHeartbeat.ConsumerData> consumers, Set<GroupName> producerGroups,
            boolean withoutSubscriptions) {
    }

    private HeartbeatBody() {
    }

    static Parsed parse(byte[] body) {
        JsonObject root = Json.parseObject(body, "HeartbeatData");
        try {
            ClientId clientId = new ClientId(Json.requiredString(root, "clientID", "HeartbeatData"));
            Set<GroupName> producers = new LinkedHashSet<>();
            for (JsonElement producer : Json.array(root, "producerDataSet")) {
                producers.add(new GroupName(Json.requiredString(Json.object(producer, "ProducerData"), "groupName",
                        "ProducerData")));
            }
            List<RecordHeartbeat.ConsumerData> consumers = new ArrayList<>();
            for (JsonElement consumer : Json.array(root, "consumerDataSet")) {
                consumers.add(consumerData(Json.object(consumer, "ConsumerData")));
            }
            return new Parsed(clientId, consumers, producers, Json.booleanOr(root, "withoutSub", false));
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new InvalidBodyException("malformed HeartbeatData: " + e.getMessage(), e);
        }
    }

    private static RecordHeartbeat.ConsumerData consumerData(JsonObject json) {
        List<Subscription> subscriptions = new ArrayList<>();
        for (JsonElement subscription : Json.array(json, "subscriptionDataSet")) {
            subscriptions.add(subscription(Json.object(subscription, "SubscriptionData")));
        }
        return new RecordHeartbeat.ConsumerData(
                new GroupName(Json.requiredString(json, "groupName", "ConsumerData")),
                Json.string(json, "consumeType").map(name -> enumValue(ConsumeType.class, name))
                        .orElse(ConsumeType.CONSUME_PASSIVELY),
                Json.string(json, "messageModel").map(name -> enumValue(MessageModel.class, name))
                        .orElse(MessageModel.CLUSTERING),
                Json.string(json, "consumeFromWhere").map(name -> enumValue(ConsumeFromWhere.class, name))
                        .orElse(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET),
                subscriptions);
    }

    private static Subscription subscription(JsonObject json) {
        Set<String> tags = new LinkedHashSet<>();
        Json.array(json, "tagsSet").forEach(tag -> tags.add(tag.getAsString()));
        Set<Integer> codes = new LinkedHashSet<>();
        Json.array(json, "codeSet").forEach(code -> codes.add(code.getAsInt()));
        return new Subscription(
                new TopicName(Json.requiredString(json, "topic", "SubscriptionData")),
                Json.string(json, "subString").orElse(Subscription.SUB_ALL),
                tags,
                codes,
                Json.longOr(json, "subVersion", 0),
                Json.string(json, "expressionType").map(name -> enumValue(ExpressionType.class, name))
                        .orElse(ExpressionType.TAG));
    }

    static <E extends Enum<E>> E enumValue(Class<E> type, String name) {
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw new InvalidBodyException("unknown " + type.getSimpleName() + " '" + name + "'", e);
        }
    }
}

package io.hexmq.remoting.body;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The bodies about consumers that the SDK and the broker both read or write, as the official classes
 * encode them (keys alphabetical):
 * <pre>{@code
 * MessageQueue      {"brokerName":"broker-a","queueId":0,"topic":"T"}
 * SubscriptionData  {"classFilterMode":false,"codeSet":[65,66],"expressionType":"TAG","subString":"A || B",
 *                    "subVersion":1700000000000,"tagsSet":["A","B"],"topic":"T"}
 * HeartbeatData     {"clientID":"ip@pid#nanos","consumerDataSet":[{"consumeFromWhere":"CONSUME_FROM_LAST_OFFSET",
 *                    "consumeType":"CONSUME_PASSIVELY","groupName":"CG","messageModel":"CLUSTERING",
 *                    "subscriptionDataSet":[SubscriptionData],"unitMode":false}],"producerDataSet":[{"groupName":"PG"}]}
 * LockBatchRequestBody / UnlockBatchRequestBody
 *                   {"clientId":"ip@1","consumerGroup":"CG","mqSet":[MessageQueue],"onlyThisBroker":false}
 * LockBatchResponseBody {"lockOKMQSet":[MessageQueue]}
 * ResetOffsetBody   {"offsetTable":{MessageQueue:offset}}   (fastjson's object keys, see ObjectKeyedTable)
 * }</pre>
 * Values are the wire's own (strings and numbers); each side maps them to its model. A heartbeat's
 * consumer entry without consume settings, and a subscription without expression type, read as
 * {@code null} there: the reader decides the defaults.
 */
public final class ConsumerJson {

    /** The MessageQueue-keyed table of a ResetOffsetBody, a TopicStatsTable and a ConsumeStats. */
    static final String OFFSET_TABLE = "offsetTable";

    /** A MessageQueue: one queue of a topic on one broker group. */
    public record Queue(String topic, String brokerName, int queueId) {

        public Queue {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(brokerName, "brokerName");
        }
    }

    /** A SubscriptionData: a topic and the tag (or SQL92) expression a group consumes it with. */
    public record Subscription(String topic, String subString, Collection<String> tags, Collection<Integer> tagCodes,
                               long subVersion, String expressionType) {

        public Subscription {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(subString, "subString");
            tags = List.copyOf(tags);
            tagCodes = List.copyOf(tagCodes);
        }
    }

    /** A ConsumerData: a consumer group as one client announces it; consume settings may be null. */
    public record Consumer(String group, String consumeType, String messageModel, String consumeFromWhere,
                           List<Subscription> subscriptions) {

        public Consumer {
            Objects.requireNonNull(group, "group");
            subscriptions = List.copyOf(subscriptions);
        }
    }

    /** A HeartbeatData; {@code withoutSubscriptions} is the 5.x {@code withoutSub}, which the SDK never sets. */
    public record Heartbeat(String clientId, List<Consumer> consumers, Collection<String> producerGroups,
                            boolean withoutSubscriptions) {

        public Heartbeat {
            Objects.requireNonNull(clientId, "clientId");
            consumers = List.copyOf(consumers);
            producerGroups = List.copyOf(new LinkedHashSet<>(producerGroups));
        }
    }

    /** A lock or unlock request: who asks, for which group, which queues. */
    public record LockRequest(String clientId, String group, List<Queue> queues) {

        public LockRequest {
            Objects.requireNonNull(clientId, "clientId");
            Objects.requireNonNull(group, "group");
            queues = List.copyOf(queues);
        }
    }

    private ConsumerJson() {
    }

    public static void writeQueue(JsonWriter json, Queue queue) throws IOException {
        json.beginObject()
                .name("brokerName").value(queue.brokerName())
                .name("queueId").value(queue.queueId())
                .name("topic").value(queue.topic())
                .endObject();
    }

    /** A MessageQueue's JSON text, for a key of an object-keyed table. */
    public static String queueText(Queue queue) {
        return JsonBodies.text(json -> writeQueue(json, queue));
    }

    public static Queue readQueue(JsonElement element) {
        JsonObject json = JsonBodies.object(element, "MessageQueue");
        try {
            return new Queue(JsonBodies.requiredString(json, "topic", "MessageQueue"),
                    JsonBodies.requiredString(json, "brokerName", "MessageQueue"), JsonBodies.intOr(json, "queueId", 0));
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new InvalidBodyException("malformed MessageQueue " + json + ": " + e.getMessage(), e);
        }
    }

    public static void writeSubscription(JsonWriter json, Subscription subscription) throws IOException {
        json.beginObject().name("classFilterMode").value(false).name("codeSet").beginArray();
        for (Integer code : subscription.tagCodes()) {
            json.value(code);
        }
        json.endArray()
                .name("expressionType").value(subscription.expressionType())
                .name("subString").value(subscription.subString())
                .name("subVersion").value(subscription.subVersion())
                .name("tagsSet").beginArray();
        for (String tag : subscription.tags()) {
            json.value(tag);
        }
        json.endArray().name("topic").value(subscription.topic()).endObject();
    }

    public static byte[] heartbeat(Heartbeat heartbeat) {
        return JsonBodies.write(json -> {
            json.beginObject().name("clientID").value(heartbeat.clientId()).name("consumerDataSet").beginArray();
            for (Consumer consumer : heartbeat.consumers()) {
                json.beginObject()
                        .name("consumeFromWhere").value(consumer.consumeFromWhere())
                        .name("consumeType").value(consumer.consumeType())
                        .name("groupName").value(consumer.group())
                        .name("messageModel").value(consumer.messageModel())
                        .name("subscriptionDataSet").beginArray();
                for (Subscription subscription : consumer.subscriptions()) {
                    writeSubscription(json, subscription);
                }
                json.endArray().name("unitMode").value(false).endObject();
            }
            json.endArray().name("producerDataSet").beginArray();
            for (String group : heartbeat.producerGroups()) {
                json.beginObject().name("groupName").value(group).endObject();
            }
            json.endArray().endObject();
        });
    }

    public static Heartbeat readHeartbeat(byte[] body) {
        JsonObject root = JsonBodies.parseObject(body, "HeartbeatData");
        try {
            Set<String> producers = new LinkedHashSet<>();
            for (JsonElement producer : JsonBodies.array(root, "producerDataSet")) {
                producers.add(JsonBodies.requiredString(JsonBodies.object(producer, "ProducerData"), "groupName",
                        "ProducerData"));
            }
            List<Consumer> consumers = new ArrayList<>();
            for (JsonElement consumer : JsonBodies.array(root, "consumerDataSet")) {
                consumers.add(readConsumer(JsonBodies.object(consumer, "ConsumerData")));
            }
            return new Heartbeat(JsonBodies.requiredString(root, "clientID", "HeartbeatData"), consumers, producers,
                    JsonBodies.booleanOr(root, "withoutSub", false));
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new InvalidBodyException("malformed HeartbeatData: " + e.getMessage(), e);
        }
    }

    private static Consumer readConsumer(JsonObject json) {
        List<Subscription> subscriptions = new ArrayList<>();
        for (JsonElement subscription : JsonBodies.array(json, "subscriptionDataSet")) {
            subscriptions.add(readSubscription(JsonBodies.object(subscription, "SubscriptionData")));
        }
        return new Consumer(JsonBodies.requiredString(json, "groupName", "ConsumerData"),
                JsonBodies.string(json, "consumeType").orElse(null),
                JsonBodies.string(json, "messageModel").orElse(null),
                JsonBodies.string(json, "consumeFromWhere").orElse(null),
                subscriptions);
    }

    /** A SubscriptionData; absent subString reads as {@code *}, absent expression type as {@code null}. */
    static Subscription readSubscription(JsonObject json) {
        List<String> tags = new ArrayList<>();
        JsonBodies.array(json, "tagsSet").forEach(tag -> tags.add(tag.getAsString()));
        List<Integer> codes = new ArrayList<>();
        JsonBodies.array(json, "codeSet").forEach(code -> codes.add(code.getAsInt()));
        return new Subscription(JsonBodies.requiredString(json, "topic", "SubscriptionData"),
                JsonBodies.string(json, "subString").orElse("*"), tags, codes, JsonBodies.longOr(json, "subVersion", 0),
                JsonBodies.string(json, "expressionType").orElse(null));
    }

    public static byte[] lockRequest(LockRequest request) {
        return JsonBodies.write(json -> {
            json.beginObject().name("clientId").value(request.clientId())
                    .name("consumerGroup").value(request.group())
                    .name("mqSet").beginArray();
            for (Queue queue : request.queues()) {
                writeQueue(json, queue);
            }
            json.endArray().name("onlyThisBroker").value(false).endObject();
        });
    }

    /** @param what LockBatchRequestBody or UnlockBatchRequestBody, for the exception's message */
    public static LockRequest readLockRequest(byte[] body, String what) {
        JsonObject root = JsonBodies.parseObject(body, what);
        List<Queue> queues = new ArrayList<>();
        for (JsonElement queue : JsonBodies.array(root, "mqSet")) {
            queues.add(readQueue(queue));
        }
        try {
            return new LockRequest(JsonBodies.requiredString(root, "clientId", what),
                    JsonBodies.requiredString(root, "consumerGroup", what), queues);
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw new InvalidBodyException("malformed " + what + ": " + e.getMessage(), e);
        }
    }

    public static byte[] lockedQueues(Collection<Queue> queues) {
        return JsonBodies.write(json -> {
            json.beginObject().name("lockOKMQSet").beginArray();
            for (Queue queue : queues) {
                writeQueue(json, queue);
            }
            json.endArray().endObject();
        });
    }

    public static List<Queue> readLockedQueues(byte[] body) {
        List<Queue> queues = new ArrayList<>();
        for (JsonElement queue : JsonBodies.array(JsonBodies.parseObject(body, "LockBatchResponseBody"), "lockOKMQSet")) {
            queues.add(readQueue(queue));
        }
        return queues;
    }

    /** A body whose {@code offsetTable} is keyed by MessageQueue (ResetOffsetBody, TopicStatsTable). */
    public static <V> byte[] offsetTable(Map<Queue, V> table, Function<V, String> valueJson) {
        String json = "{\"" + OFFSET_TABLE + "\":" + ObjectKeyedTable.write(table, ConsumerJson::queueText, valueJson) + "}";
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /** ResetOffsetBody's table, in its order. */
    public static Map<Queue, Long> readResetOffsets(byte[] body) {
        Map<Queue, Long> table = new LinkedHashMap<>();
        for (Map.Entry<JsonElement, JsonElement> entry : ObjectKeyedTable.read(body, OFFSET_TABLE)) {
            try {
                table.put(readQueue(entry.getKey()), entry.getValue().getAsLong());
            } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
                throw new InvalidBodyException("malformed ResetOffsetBody: " + e.getMessage(), e);
            }
        }
        return table;
    }
}

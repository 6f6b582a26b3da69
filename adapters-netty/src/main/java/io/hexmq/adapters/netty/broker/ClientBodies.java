package io.hexmq.adapters.netty.broker;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.stream.JsonWriter;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.Subscription;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Bodies about clients and their groups:
 * <ul>
 *   <li>GetConsumerListByGroupResponseBody {@code {"consumerIdList":["ip@1","ip@2"]}}</li>
 *   <li>LockBatchRequestBody / UnlockBatchRequestBody {@code {"consumerGroup":"CG","clientId":"ip@1",
 *       "onlyThisBroker":false,"mqSet":[{MessageQueue}]}}</li>
 *   <li>LockBatchResponseBody {@code {"lockOKMQSet":[{MessageQueue}]}}</li>
 *   <li>ConsumerConnection {@code {"connectionSet":[{Connection}],"consumeFromWhere":..,"consumeType":..,
 *       "messageModel":..,"subscriptionTable":{"T":{SubscriptionData}}}}</li>
 *   <li>ProducerConnection {@code {"connectionSet":[{Connection}]}}, where Connection is
 *       {@code {"clientAddr":"ip:port","clientId":..,"language":"JAVA","version":401}}</li>
 * </ul>
 */
final class ClientBodies {

    /** A lock or unlock request: who asks, for which group, which queues. */
    record QueueLockRequest(GroupName group, ClientId clientId, Set<MessageQueue> queues) {
    }

    private ClientBodies() {
    }

    static byte[] consumerIdList(List<ClientId> ids) {
        return Json.write(json -> {
            json.beginObject().name("consumerIdList").beginArray();
            for (ClientId id : ids) {
                json.value(id.value());
            }
            json.endArray().endObject();
        });
    }

    static QueueLockRequest parseQueueLockRequest(byte[] body, String what) {
        JsonObject root = Json.parseObject(body, what);
        try {
            Set<MessageQueue> queues = new TreeSet<>();
            for (JsonElement queue : Json.array(root, "mqSet")) {
                queues.add(BrokerBodies.parseMessageQueue(Json.object(queue, "MessageQueue")));
            }
            return new QueueLockRequest(new GroupName(Json.requiredString(root, "consumerGroup", what)),
                    new ClientId(Json.requiredString(root, "clientId", what)), queues);
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw new InvalidBodyException("malformed " + what + ": " + e.getMessage(), e);
        }
    }

    static byte[] lockedQueues(Collection<MessageQueue> queues) {
        return Json.write(json -> {
            json.beginObject().name("lockOKMQSet").beginArray();
            for (MessageQueue queue : new TreeSet<>(queues)) {
                BrokerBodies.writeMessageQueue(json, queue);
            }
            json.endArray().endObject();
        });
    }

    /** @param clientAddress the {@code ip:port} of a live connection, empty when it is gone */
    static byte[] consumerConnection(ConsumerGroup group, Function<ConnectionId, Optional<String>> clientAddress) {
        return Json.write(json -> {
            json.beginObject();
            writeConnectionSet(json, group.members().values(), clientAddress);
            json.name("consumeFromWhere").value(group.consumeFromWhere().name())
                    .name("consumeType").value(group.consumeType().name())
                    .name("messageModel").value(group.messageModel().name())
                    .name("subscriptionTable").beginObject();
            for (Subscription subscription : group.subscriptions().values()) {
                json.name(subscription.topic().value());
                writeSubscription(json, subscription);
            }
            json.endObject().endObject();
        });
    }

    static byte[] producerConnection(Collection<ClientConnection> members,
            Function<ConnectionId, Optional<String>> clientAddress) {
        return Json.write(json -> {
            json.beginObject();
            writeConnectionSet(json, members, clientAddress);
            json.endObject();
        });
    }

    private static void writeConnectionSet(JsonWriter json, Collection<ClientConnection> members,
            Function<ConnectionId, Optional<String>> clientAddress) throws IOException {
        json.name("connectionSet").beginArray();
        for (ClientConnection member : members) {
            json.beginObject();
            Optional<String> address = clientAddress.apply(member.connection());
            if (address.isPresent()) {
                json.name("clientAddr").value(address.get());
            }
            json.name("clientId").value(member.clientId().value())
                    .name("language").value(member.language())
                    .name("version").value(member.version())
                    .endObject();
        }
        json.endArray();
    }

    private static void writeSubscription(JsonWriter json, Subscription subscription) throws IOException {
        json.beginObject().name("classFilterMode").value(false).name("codeSet").beginArray();
        for (Integer code : subscription.tagCodes()) {
            json.value(code);
        }
        json.endArray()
                .name("expressionType").value(subscription.expressionType().name())
                .name("subString").value(subscription.subString())
                .name("subVersion").value(subscription.subVersion())
                .name("tagsSet").beginArray();
        for (String tag : subscription.tags()) {
            json.value(tag);
        }
        json.endArray().name("topic").value(subscription.topic().value()).endObject();
    }
}

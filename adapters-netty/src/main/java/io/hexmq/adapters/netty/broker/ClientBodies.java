package io.hexmq.adapters.netty.broker;

import com.google.gson.stream.JsonWriter;
import io.hexmq.application.consumer.QueueLockRequest;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.JsonBodies;
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

    private ClientBodies() {
    }

    static byte[] consumerIdList(List<ClientId> ids) {
        return CommonJson.consumerIdList(ids.stream().map(ClientId::value).toList());
    }

    static QueueLockRequest parseQueueLockRequest(byte[] body, String what) {
        ConsumerJson.LockRequest request = ConsumerJson.readLockRequest(body, what);
        Set<MessageQueue> queues = new TreeSet<>();
        request.queues().forEach(queue -> queues.add(BrokerBodies.messageQueue(queue)));
        return new QueueLockRequest(new GroupName(request.group()), new ClientId(request.clientId()), queues);
    }

    static byte[] lockedQueues(Collection<MessageQueue> queues) {
        return ConsumerJson.lockedQueues(new TreeSet<>(queues).stream().map(BrokerBodies::wire).toList());
    }

    /** @param clientAddress the {@code ip:port} of a live connection, empty when it is gone */
    static byte[] consumerConnection(ConsumerGroup group, Function<ConnectionId, Optional<String>> clientAddress) {
        return JsonBodies.write(json -> {
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
        return JsonBodies.write(json -> {
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

    static void writeSubscription(JsonWriter json, Subscription subscription) throws IOException {
        ConsumerJson.writeSubscription(json, wire(subscription));
    }

    static ConsumerJson.Subscription wire(Subscription subscription) {
        return new ConsumerJson.Subscription(subscription.topic().value(), subscription.subString(),
                subscription.tags(), subscription.tagCodes(), subscription.subVersion(),
                subscription.expressionType().name());
    }
}

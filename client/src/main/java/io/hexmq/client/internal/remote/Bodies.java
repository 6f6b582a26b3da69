package io.hexmq.client.internal.remote;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerQueues;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.JsonBodies;
import io.hexmq.remoting.body.ObjectKeyedTable;
import io.hexmq.remoting.body.RouteJson;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The bodies the client reads and writes, in the SDK's terms: the shared codecs of
 * {@code io.hexmq.remoting.body} ({@link RouteJson}, {@link CommonJson}, {@link ConsumerJson},
 * {@link ObjectKeyedTable}) mapped to the SDK's types, with the SDK's error model: a body that does not
 * read fails with {@link HexmqClientException#CLIENT_ERROR} and the reason.
 */
public final class Bodies {

    /** A ClusterInfo body: broker groups by name, broker names by cluster. */
    public record ClusterInfo(Map<String, BrokerGroup> brokers, Map<String, List<String>> clusters) {
    }

    private Bodies() {
    }

    public static TopicRoute topicRoute(byte[] body) {
        return reading("TopicRouteData", () -> {
            RouteJson.Route route = RouteJson.readRoute(body);
            List<BrokerQueues> queues = route.queues().stream().map(queue -> new BrokerQueues(queue.brokerName(),
                    queue.readQueueNums(), queue.writeQueueNums(), queue.perm(), queue.topicSysFlag())).toList();
            return new TopicRoute(queues, route.brokers().stream().map(Bodies::brokerGroup).toList());
        });
    }

    public static ClusterInfo clusterInfo(byte[] body) {
        return reading("ClusterInfo", () -> {
            RouteJson.Clusters clusters = RouteJson.readClusters(body);
            Map<String, BrokerGroup> brokers = new LinkedHashMap<>();
            clusters.brokers().forEach((name, broker) -> brokers.put(name, brokerGroup(broker)));
            return new ClusterInfo(brokers, clusters.clusters());
        });
    }

    public static Set<String> topicList(byte[] body) {
        return reading("TopicList", () -> CommonJson.readTopicList(body));
    }

    public static Map<String, String> kvTable(byte[] body) {
        return reading("KVTable", () -> CommonJson.readKvTable(body).orElse(Map.of()));
    }

    public static List<String> consumerIds(byte[] body) {
        return reading("GetConsumerListByGroupResponseBody", () -> CommonJson.readConsumerIdList(body));
    }

    public static byte[] lockRequest(String clientId, String group, Collection<MessageQueue> queues) {
        return ConsumerJson.lockRequest(new ConsumerJson.LockRequest(clientId, group,
                queues.stream().map(Bodies::wire).toList()));
    }

    public static Set<MessageQueue> lockedQueues(byte[] body) {
        return reading("LockBatchResponseBody", () -> {
            Set<MessageQueue> locked = new LinkedHashSet<>();
            ConsumerJson.readLockedQueues(body).forEach(queue -> locked.add(messageQueue(queue)));
            return locked;
        });
    }

    /** ResetOffsetBody {@code {"offsetTable":{{MessageQueue}:offset}}} (fastjson's object keys). */
    public static Map<MessageQueue, Long> resetOffsetTable(byte[] body) {
        return reading("ResetOffsetBody", () -> {
            Map<MessageQueue, Long> table = new LinkedHashMap<>();
            ConsumerJson.readResetOffsets(body).forEach((queue, offset) -> table.put(messageQueue(queue), offset));
            return table;
        });
    }

    /** A MessageQueue as the admin tables write it: {@code {"brokerName":..,"queueId":..,"topic":..}}. */
    public static MessageQueue messageQueue(JsonElement json) {
        return reading("MessageQueue", () -> messageQueue(ConsumerJson.readQueue(json)));
    }

    public static ConsumerJson.Queue wire(MessageQueue queue) {
        return new ConsumerJson.Queue(queue.topic(), queue.brokerName(), queue.queueId());
    }

    public static byte[] heartbeat(String clientId, Set<String> producerGroups, List<ConsumerRegistration> consumers) {
        return ConsumerJson.heartbeat(new ConsumerJson.Heartbeat(clientId,
                consumers.stream().map(ConsumerRegistration::wire).toList(), producerGroups, false));
    }

    /** A JSON object body the SDK reads field by field. */
    public static JsonObject parseObject(byte[] body, String what) {
        return reading(what, () -> JsonBodies.parseObject(body, what));
    }

    static HexmqClientException malformed(String what, Exception cause) {
        return new HexmqClientException(HexmqClientException.CLIENT_ERROR, "malformed " + what + " body: "
                + cause.getMessage(), cause);
    }

    public static MessageQueue messageQueue(ConsumerJson.Queue queue) {
        return new MessageQueue(queue.topic(), queue.brokerName(), queue.queueId());
    }

    private static BrokerGroup brokerGroup(RouteJson.Broker broker) {
        return new BrokerGroup(broker.cluster(), broker.brokerName(), broker.addresses());
    }

    private static <T> T reading(String what, Supplier<T> read) {
        try {
            return read.get();
        } catch (InvalidBodyException e) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, e.getMessage(), e);
        } catch (IllegalStateException | UnsupportedOperationException | IllegalArgumentException
                 | NullPointerException e) {
            throw malformed(what, e);
        }
    }
}

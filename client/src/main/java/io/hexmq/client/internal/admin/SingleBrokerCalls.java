package io.hexmq.client.internal.admin;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.hexmq.client.BrokerConsumeStats;
import io.hexmq.client.BrokerStats;
import io.hexmq.client.ConsumeQueueEntries;
import io.hexmq.client.HaStatus;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.QueueProgress;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.JsonBodies;
import io.hexmq.remoting.body.ObjectKeyedTable;
import io.hexmq.remoting.header.BrokerConsumeStatsHeader;
import io.hexmq.remoting.header.BrokerStatsHeader;
import io.hexmq.remoting.header.QueryConsumeQueueHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The admin operations addressed to one broker by its address: what it holds (consume queue entries, runtime
 * figures, statistics, replication) and the housekeeping it runs when asked.
 */
final class SingleBrokerCalls {

    private final ClusterCalls servers;

    SingleBrokerCalls(ClusterCalls servers) {
        this.servers = Objects.requireNonNull(servers, "servers");
    }

    Optional<ConsumeQueueEntries> queryConsumeQueue(String brokerAddress, String topic, int queueId, long index,
                                                    int count, String group) {
        Objects.requireNonNull(topic, "topic");
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1: " + count);
        }
        RemotingCommand response = call(brokerAddress, RemotingCommand.request(RequestCode.QUERY_CONSUME_QUEUE)
                .extField(QueryConsumeQueueHeader.TOPIC, topic)
                .extField(QueryConsumeQueueHeader.QUEUE_ID, queueId)
                .extField(QueryConsumeQueueHeader.INDEX, index)
                .extField(QueryConsumeQueueHeader.COUNT, count)
                .extField(QueryConsumeQueueHeader.CONSUMER_GROUP, group)
                .build());
        // the broker answers an index outside the queue with success and no body
        if (response.body().length == 0) {
            return Optional.empty();
        }
        return Optional.of(decoded("QueryConsumeQueueResponseBody", () -> consumeQueueEntries(response.body())));
    }

    private static ConsumeQueueEntries consumeQueueEntries(byte[] body) {
        JsonObject json = JsonBodies.parseObject(body, "QueryConsumeQueueResponseBody");
        List<ConsumeQueueEntries.Entry> entries = new ArrayList<>();
        for (JsonElement element : JsonBodies.array(json, "queueData")) {
            JsonObject entry = JsonBodies.object(element, "ConsumeQueueData");
            entries.add(new ConsumeQueueEntries.Entry(JsonBodies.longOr(entry, "physicOffset", 0),
                    JsonBodies.intOr(entry, "physicSize", 0), JsonBodies.longOr(entry, "tagsCode", 0)));
        }
        return new ConsumeQueueEntries(JsonBodies.longOr(json, "minQueueIndex", 0),
                JsonBodies.longOr(json, "maxQueueIndex", 0), entries, JsonBodies.string(json, "filterData"));
    }

    void deleteExpiredCommitLog(String brokerAddress) {
        call(brokerAddress, RemotingCommand.request(RequestCode.DELETE_EXPIRED_COMMITLOG).build());
    }

    void cleanExpiredConsumeQueue(String brokerAddress) {
        call(brokerAddress, RemotingCommand.request(RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE).build());
    }

    void cleanUnusedTopic(String brokerAddress) {
        call(brokerAddress, RemotingCommand.request(RequestCode.CLEAN_UNUSED_TOPIC).build());
    }

    HaStatus haStatus(String brokerAddress) {
        JsonObject json = Bodies.parseObject(call(brokerAddress,
                RemotingCommand.request(RequestCode.GET_BROKER_HA_STATUS).build()).body(), "HARuntimeInfo");
        return new HaStatus(JsonBodies.booleanOr(json, "master", false),
                JsonBodies.longOr(json, "masterCommitLogMaxOffset", 0), JsonBodies.intOr(json, "inSyncSlaveNums", 0));
    }

    SortedMap<String, String> brokerRuntime(String brokerAddress) {
        return new TreeMap<>(Bodies.kvTable(call(brokerAddress,
                RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO).build()).body()));
    }

    BrokerStats brokerStats(String brokerAddress, String statsName, String statsKey) {
        Objects.requireNonNull(statsName, "statsName");
        Objects.requireNonNull(statsKey, "statsKey");
        JsonObject json = Bodies.parseObject(call(brokerAddress, RemotingCommand.request(RequestCode.VIEW_BROKER_STATS_DATA)
                .extField(BrokerStatsHeader.STATS_NAME, statsName)
                .extField(BrokerStatsHeader.STATS_KEY, statsKey)
                .build()).body(), "BrokerStatsData");
        return decoded("BrokerStatsData", () -> new BrokerStats(window(json, "statsMinute"), window(json, "statsHour"),
                window(json, "statsDay")));
    }

    BrokerConsumeStats brokerConsumeStats(String brokerAddress, boolean orderlyOnly) {
        byte[] body = call(brokerAddress, RemotingCommand.request(RequestCode.GET_BROKER_CONSUME_STATS)
                .extField(BrokerConsumeStatsHeader.IS_ORDER, orderlyOnly).build()).body();
        return decoded("ConsumeStatsList", () -> consumeStatsList(new String(body, StandardCharsets.UTF_8)));
    }

    /** A ConsumeStatsList: its ConsumeStats' {@code offsetTable}s have object keys, so it is cut up before Gson reads a part. */
    private static BrokerConsumeStats consumeStatsList(String text) {
        Map<String, String> fields = ObjectKeyedTable.rawFields(text);
        List<BrokerConsumeStats.GroupTopic> groups = new ArrayList<>();
        for (String groupEntry : ObjectKeyedTable.rawElements(fields.getOrDefault("consumeStatsList", "[]"))) {
            ObjectKeyedTable.rawFields(groupEntry).forEach((group, statsList) -> {
                for (String stats : ObjectKeyedTable.rawElements(statsList)) {
                    String tps = ObjectKeyedTable.rawFields(stats).getOrDefault("consumeTps", "0");
                    groups.add(new BrokerConsumeStats.GroupTopic(group, Double.parseDouble(tps),
                            queueProgress(stats.getBytes(StandardCharsets.UTF_8))));
                }
            });
        }
        return new BrokerConsumeStats(JsonParser.parseString(fields.getOrDefault("brokerAddr", "\"\"")).getAsString(),
                groups, Long.parseLong(fields.getOrDefault("totalDiff", "0")),
                Long.parseLong(fields.getOrDefault("totalInflightDiff", "0")));
    }

    /** The queues of a ConsumeStats body (GET_CONSUME_STATS's answer, an element of a ConsumeStatsList). */
    static List<QueueProgress> queueProgress(byte[] consumeStats) {
        List<QueueProgress> queues = new ArrayList<>();
        for (Map.Entry<JsonElement, JsonElement> entry : Bodies.objectKeyedTable(consumeStats, "offsetTable")) {
            JsonObject value = entry.getValue().getAsJsonObject();
            queues.add(new QueueProgress(Bodies.messageQueue(entry.getKey()),
                    JsonBodies.longOr(value, "brokerOffset", 0), JsonBodies.longOr(value, "consumerOffset", 0),
                    JsonBodies.longOr(value, "pullOffset", 0), JsonBodies.longOr(value, "lastTimestamp", 0)));
        }
        return queues;
    }

    private static BrokerStats.Window window(JsonObject stats, String name) {
        JsonObject window = JsonBodies.objectOrEmpty(stats, name);
        return new BrokerStats.Window(JsonBodies.longOr(window, "sum", 0), doubleOr(window, "tps"),
                doubleOr(window, "avgpt"));
    }

    private static double doubleOr(JsonObject json, String field) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? 0 : value.getAsDouble();
    }

    /** A body that does not read as the broker's answer fails as the SDK's other bodies do. */
    private static <T> T decoded(String what, Supplier<T> decode) {
        try {
            return decode.get();
        } catch (InvalidBodyException | IllegalStateException | UnsupportedOperationException
                 | NumberFormatException | JsonParseException e) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "malformed " + what + " body: "
                    + e.getMessage(), e);
        }
    }

    private RemotingCommand call(String brokerAddress, RemotingCommand request) {
        return Rpc.await(servers.callBroker(Objects.requireNonNull(brokerAddress, "brokerAddress"), request));
    }
}

package io.hexmq.client.internal.admin;

import com.google.gson.JsonParseException;
import io.hexmq.client.BrokerConsumeStats;
import io.hexmq.client.BrokerStats;
import io.hexmq.client.ConsumeQueueEntries;
import io.hexmq.client.HaStatus;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.QueueProgress;
import io.hexmq.client.QueueStatus;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.remoting.body.AdminJson;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.StatsJson;
import io.hexmq.remoting.header.BrokerConsumeStatsHeader;
import io.hexmq.remoting.header.BrokerStatsHeader;
import io.hexmq.remoting.header.QueryConsumeQueueHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.ArrayList;
import java.util.List;
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
        AdminJson.ConsumeQueueAnswer answer = AdminJson.readConsumeQueueAnswer(body);
        return new ConsumeQueueEntries(answer.minQueueIndex(), answer.maxQueueIndex(), answer.entries().stream()
                .map(entry -> new ConsumeQueueEntries.Entry(entry.physicOffset(), entry.physicSize(), entry.tagsCode()))
                .toList(), answer.filterData());
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
        byte[] body = call(brokerAddress, RemotingCommand.request(RequestCode.GET_BROKER_HA_STATUS).build()).body();
        AdminJson.HaRuntime info = decoded("HARuntimeInfo", () -> AdminJson.readHaRuntimeInfo(body));
        return new HaStatus(info.master(), info.masterCommitLogMaxOffset(), info.inSyncSlaveNums());
    }

    SortedMap<String, String> brokerRuntime(String brokerAddress) {
        return new TreeMap<>(Bodies.kvTable(call(brokerAddress,
                RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO).build()).body()));
    }

    BrokerStats brokerStats(String brokerAddress, String statsName, String statsKey) {
        Objects.requireNonNull(statsName, "statsName");
        Objects.requireNonNull(statsKey, "statsKey");
        byte[] body = call(brokerAddress, RemotingCommand.request(RequestCode.VIEW_BROKER_STATS_DATA)
                .extField(BrokerStatsHeader.STATS_NAME, statsName)
                .extField(BrokerStatsHeader.STATS_KEY, statsKey)
                .build()).body();
        StatsJson.BrokerStats stats = decoded("BrokerStatsData", () -> StatsJson.readBrokerStats(body));
        return new BrokerStats(window(stats.minute()), window(stats.hour()), window(stats.day()));
    }

    BrokerConsumeStats brokerConsumeStats(String brokerAddress, boolean orderlyOnly) {
        byte[] body = call(brokerAddress, RemotingCommand.request(RequestCode.GET_BROKER_CONSUME_STATS)
                .extField(BrokerConsumeStatsHeader.IS_ORDER, orderlyOnly).build()).body();
        return decoded("ConsumeStatsList", () -> {
            StatsJson.ConsumeStatsList list = StatsJson.readConsumeStatsList(body);
            List<BrokerConsumeStats.GroupTopic> groups = new ArrayList<>();
            for (StatsJson.GroupStats group : list.groups()) {
                for (StatsJson.ConsumeStats stats : group.topics()) {
                    groups.add(new BrokerConsumeStats.GroupTopic(group.group(), stats.consumeTps(), queueProgress(stats)));
                }
            }
            return new BrokerConsumeStats(list.brokerAddress(), groups, list.totalDiff(), list.totalInflightDiff());
        });
    }

    /** The queues of a ConsumeStats body, GET_CONSUME_STATS's answer. */
    static List<QueueProgress> queueProgress(byte[] consumeStats) {
        return decoded("ConsumeStats", () -> queueProgress(StatsJson.readConsumeStats(consumeStats)));
    }

    private static List<QueueProgress> queueProgress(StatsJson.ConsumeStats stats) {
        List<QueueProgress> queues = new ArrayList<>();
        stats.offsets().forEach((queue, progress) -> queues.add(new QueueProgress(Bodies.messageQueue(queue),
                progress.brokerOffset(), progress.consumerOffset(), progress.pullOffset(), progress.lastTimestamp())));
        return queues;
    }

    /** The queues of a TopicStatsTable body, GET_TOPIC_STATS_INFO's answer. */
    static List<QueueStatus> queueStatuses(byte[] topicStatsTable) {
        return decoded("TopicStatsTable", () -> {
            List<QueueStatus> statuses = new ArrayList<>();
            StatsJson.readTopicStatsTable(topicStatsTable).forEach((queue, offsets) -> statuses.add(new QueueStatus(
                    Bodies.messageQueue(queue), offsets.minOffset(), offsets.maxOffset(), offsets.lastUpdateTimestamp())));
            return statuses;
        });
    }

    private static BrokerStats.Window window(StatsJson.Window window) {
        return new BrokerStats.Window(window.sum(), window.tps(), window.avgpt());
    }

    /** A body that does not read as the broker's answer fails as the SDK's other bodies do. */
    private static <T> T decoded(String what, Supplier<T> decode) {
        try {
            return decode.get();
        } catch (InvalidBodyException e) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, e.getMessage(), e);
        } catch (IllegalStateException | IllegalArgumentException | UnsupportedOperationException
                 | JsonParseException e) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "malformed " + what + " body: "
                    + e.getMessage(), e);
        }
    }

    private RemotingCommand call(String brokerAddress, RemotingCommand request) {
        return Rpc.await(servers.callBroker(Objects.requireNonNull(brokerAddress, "brokerAddress"), request));
    }
}

package io.hexmq.benchmarks.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.LanguageCode;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;

/**
 * One official client instance's steady-state traffic, on its own two connections (NameServer and
 * broker), with the official client's default periods: the topic's route every 30 s
 * ({@code pollNameServerInterval}), a HEART_BEAT every 30 s ({@code heartbeatBrokerInterval}); a push
 * consumer also asks for its group's members every 20 s (the rebalance period), keeps one long-polling
 * PULL_MESSAGE parked per queue it is assigned (15 s suspend, as the push consumer's default), and
 * commits its offsets every 5 s ({@code persistConsumerOffsetInterval}, oneway as the client does).
 */
final class WireClient {

    private static final long REQUEST_TIMEOUT_MILLIS = 30_000;
    private static final long SUSPEND_MILLIS = 15_000;
    private static final long ROUTE_AND_HEARTBEAT_MILLIS = 30_000;
    private static final long REBALANCE_MILLIS = 20_000;
    private static final long COMMIT_MILLIS = 5_000;

    /** What the client is: a producer of a group, or a member {@code member} of a consumer group. */
    record Role(String group, String topic, boolean consumer, int member, int groupSize) {
    }

    private final String clientId;
    private final Role role;
    private final WireCounters counters;
    private final Map<Integer, Long> offsets = new ConcurrentHashMap<>();
    private volatile WireConnection nameServer;
    private volatile WireConnection broker;
    private volatile boolean closed;

    WireClient(String clientId, Role role, WireCounters counters) {
        this.clientId = clientId;
        this.role = role;
        this.counters = counters;
    }

    /** Connects, finds the broker through the topic's route, heartbeats once; then keeps its periods. */
    CompletableFuture<Void> start(WireLoop loop, String nameServerAddress) {
        return WireConnection.open(loop, nameServerAddress).thenCompose(connection -> {
            nameServer = connection;
            return route();
        }).thenCompose(route -> {
            int queues = route.getQueueDatas().get(0).getReadQueueNums();
            return WireConnection.open(loop, route.getBrokerDatas().get(0).getBrokerAddrs().get(0L))
                    .thenCompose(connection -> {
                        broker = connection;
                        return heartbeat();
                    })
                    .thenRun(() -> keepPeriods(queues));
        });
    }

    void close() {
        closed = true;
        if (broker != null) {
            broker.close();
        }
        if (nameServer != null) {
            nameServer.close();
        }
    }

    private void keepPeriods(int queues) {
        every(nameServer, ROUTE_AND_HEARTBEAT_MILLIS, this::route);
        every(broker, ROUTE_AND_HEARTBEAT_MILLIS, this::heartbeat);
        if (!role.consumer()) {
            return;
        }
        every(broker, REBALANCE_MILLIS, this::members);
        List<Integer> assigned = new ArrayList<>();
        for (int queueId = role.member(); queueId < queues; queueId += role.groupSize()) {
            assigned.add(queueId);
        }
        assigned.forEach(queueId -> {
            offsets.put(queueId, 0L);
            pull(queueId);
        });
        if (!assigned.isEmpty()) {
            every(broker, COMMIT_MILLIS, () -> {
                offsets.forEach(this::commit);
                return CompletableFuture.completedFuture(null);
            });
        }
    }

    private void every(WireConnection on, long periodMillis, Supplier<CompletableFuture<?>> call) {
        long firstDelay = Math.floorMod(clientId.hashCode(), (int) periodMillis);
        on.loop().scheduleAtFixedRate(() -> {
            if (!closed) {
                call.get();
            }
        }, firstDelay, periodMillis);
    }

    private CompletableFuture<TopicRouteData> route() {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        header.setTopic(role.topic());
        return counted(nameServer, request(RequestCode.GET_ROUTEINFO_BY_TOPIC, header, null))
                .thenApply(answer -> {
                    if (answer.getCode() != ResponseCode.SUCCESS) {
                        throw new IllegalStateException("no route for " + role.topic() + ": code " + answer.getCode()
                                + ", " + answer.getRemark());
                    }
                    return TopicRouteData.decode(answer.getBody(), TopicRouteData.class);
                });
    }

    private CompletableFuture<RemotingCommand> heartbeat() {
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID(clientId);
        if (role.consumer()) {
            ConsumerData consumer = new ConsumerData();
            consumer.setGroupName(role.group());
            consumer.setConsumeType(ConsumeType.CONSUME_PASSIVELY);
            consumer.setMessageModel(MessageModel.CLUSTERING);
            consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
            consumer.getSubscriptionDataSet().add(new SubscriptionData(role.topic(), "*"));
            heartbeat.getConsumerDataSet().add(consumer);
        } else {
            ProducerData producer = new ProducerData();
            producer.setGroupName(role.group());
            heartbeat.getProducerDataSet().add(producer);
        }
        return counted(broker, request(RequestCode.HEART_BEAT, null, heartbeat.encode()));
    }

    private CompletableFuture<RemotingCommand> members() {
        GetConsumerListByGroupRequestHeader header = new GetConsumerListByGroupRequestHeader();
        header.setConsumerGroup(role.group());
        return counted(broker, request(RequestCode.GET_CONSUMER_LIST_BY_GROUP, header, null));
    }

    private void pull(int queueId) {
        if (closed) {
            return;
        }
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.setConsumerGroup(role.group());
        header.setTopic(role.topic());
        header.setQueueId(queueId);
        header.setQueueOffset(offsets.get(queueId));
        header.setMaxMsgNums(32);
        header.setSysFlag(PullSysFlag.buildSysFlag(false, true, true, false));
        header.setCommitOffset(0L);
        header.setSuspendTimeoutMillis(SUSPEND_MILLIS);
        header.setSubscription("*");
        header.setSubVersion(0L);
        header.setExpressionType("TAG");
        broker.request(request(RequestCode.PULL_MESSAGE, header, null), SUSPEND_MILLIS + REQUEST_TIMEOUT_MILLIS)
                .whenComplete((answer, failure) -> {
                    counters.answered(failure, answer, ResponseCode.PULL_NOT_FOUND);
                    if (answer != null && answer.getExtFields() != null
                            && answer.getExtFields().containsKey("nextBeginOffset")) {
                        offsets.put(queueId, Long.parseLong(answer.getExtFields().get("nextBeginOffset")));
                    }
                    if (failure == null) {
                        broker.loop().execute(() -> pull(queueId));
                    } else {
                        broker.loop().schedule(() -> pull(queueId), 1_000);
                    }
                });
    }

    private void commit(int queueId, long offset) {
        UpdateConsumerOffsetRequestHeader header = new UpdateConsumerOffsetRequestHeader();
        header.setConsumerGroup(role.group());
        header.setTopic(role.topic());
        header.setQueueId(queueId);
        header.setCommitOffset(offset);
        broker.oneway(request(RequestCode.UPDATE_CONSUMER_OFFSET, header, null));
        counters.oneway();
    }

    private CompletableFuture<RemotingCommand> counted(WireConnection on, RemotingCommand request) {
        return on.request(request, REQUEST_TIMEOUT_MILLIS).whenComplete((answer, failure) ->
                counters.answered(failure, answer, ResponseCode.SUCCESS));
    }

    private static RemotingCommand request(int code, CommandCustomHeader header, byte[] body) {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, header);
        request.setLanguage(LanguageCode.JAVA);
        request.setVersion(MQVersion.CURRENT_VERSION);
        request.setBody(body);
        return request;
    }
}

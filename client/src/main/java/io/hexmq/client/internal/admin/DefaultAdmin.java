package io.hexmq.client.internal.admin;

import io.hexmq.client.Admin;
import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerConsumeStats;
import io.hexmq.client.BrokerStats;
import io.hexmq.client.BrokerStatus;
import io.hexmq.client.ConsumeQueueEntries;
import io.hexmq.client.ConsumerProgress;
import io.hexmq.client.HaStatus;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageTrace;
import io.hexmq.client.QueueProgress;
import io.hexmq.client.QueueStatus;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.TopicRoute;
import io.hexmq.client.TopicSettings;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.client.internal.remote.MessageDecoding;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.client.internal.route.RouteCache;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.topic.InvalidTopicNameException;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.PropertiesBody;
import io.hexmq.remoting.header.ConsumerGroupHeader;
import io.hexmq.remoting.header.CreateTopicHeader;
import io.hexmq.remoting.header.MessageLookupHeader;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.header.TransferLeadershipHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.HexmqRequestCodes;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.trace.TraceReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * The admin operations over a {@link ClientInstance}'s connections. Requests to several servers go out
 * together and are awaited together.
 */
public final class DefaultAdmin implements Admin {

    /** How many trace messages one look-up reads, as mqadmin queryMsgTraceById does. */
    private static final int MAX_TRACE_MESSAGES = 64;
    /** The group gives up a transfer after three election timeouts; this waits for its answer either way. */
    private static final long TRANSFER_BOUND_MILLIS = 60_000;

    private final ClientInstance instance;
    private final ClusterCalls servers;
    private final SingleBrokerCalls broker;
    private final NameServerConfigCalls nameServers;

    public DefaultAdmin(ClientInstance instance) {
        this.instance = Objects.requireNonNull(instance, "instance");
        this.servers = new ClusterCalls(instance);
        this.broker = new SingleBrokerCalls(servers);
        this.nameServers = new NameServerConfigCalls(instance, servers);
    }

    @Override
    public void createOrUpdateTopic(String cluster, TopicSettings settings) {
        Objects.requireNonNull(settings, "settings");
        requireTopicName(settings.topic());
        List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
        for (String master : masters(cluster)) {
            RemotingCommand request = RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_TOPIC)
                    .extField(CreateTopicHeader.TOPIC, settings.topic())
                    .extField(CreateTopicHeader.DEFAULT_TOPIC, RouteCache.AUTO_CREATE_TOPIC)
                    .extField(CreateTopicHeader.READ_QUEUE_NUMS, settings.readQueueNums())
                    .extField(CreateTopicHeader.WRITE_QUEUE_NUMS, settings.writeQueueNums())
                    .extField(CreateTopicHeader.PERM, settings.perm())
                    .extField(CreateTopicHeader.TOPIC_FILTER_TYPE, "SINGLE_TAG")
                    .extField(CreateTopicHeader.TOPIC_SYS_FLAG, 0)
                    .extField(CreateTopicHeader.ORDER, settings.order())
                    .extField(CreateTopicHeader.ATTRIBUTES, String.join(",", settings.attributes()))
                    .build();
            calls.add(callBroker(master, request));
        }
        awaitAll(calls);
    }

    @Override
    public void deleteTopic(String cluster, String topic) {
        Objects.requireNonNull(topic, "topic");
        List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
        for (String master : masters(cluster)) {
            calls.add(callBroker(master, RemotingCommand.request(RequestCode.DELETE_TOPIC_IN_BROKER)
                    .extField(TopicHeader.TOPIC, topic).build()));
        }
        awaitAll(calls);
        calls.clear();
        for (String nameServer : instance.nameServers().addresses()) {
            calls.add(callBroker(nameServer, RemotingCommand.request(RequestCode.DELETE_TOPIC_IN_NAMESRV)
                    .extField(TopicHeader.TOPIC, topic).extField(TopicHeader.CLUSTER_NAME, cluster).build()));
        }
        awaitAll(calls);
    }

    @Override
    public Set<String> listTopics() {
        return Bodies.topicList(callNameServer(RemotingCommand.request(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER)
                .build()).body());
    }

    @Override
    public TopicRoute topicRoute(String topic) {
        Objects.requireNonNull(topic, "topic");
        return Rpc.await(instance.routes().fetch(topic));
    }

    @Override
    public List<QueueStatus> topicStatus(String topic) {
        TopicRoute route = topicRoute(topic);
        List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
        for (BrokerGroup broker : route.brokers()) {
            broker.masterAddress().ifPresent(master -> calls.add(callBroker(master,
                    RemotingCommand.request(RequestCode.GET_TOPIC_STATS_INFO).extField(TopicHeader.TOPIC, topic).build())));
        }
        List<QueueStatus> statuses = new ArrayList<>();
        for (RemotingCommand response : awaitAll(calls)) {
            statuses.addAll(SingleBrokerCalls.queueStatuses(response.body()));
        }
        statuses.sort(Comparator.comparing(QueueStatus::queue));
        return statuses;
    }

    @Override
    public List<BrokerStatus> clusters() {
        Bodies.ClusterInfo info = clusterInfo();
        Map<BrokerStatus, CompletableFuture<Map<String, String>>> runtimes = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> cluster : info.clusters().entrySet()) {
            for (String brokerName : cluster.getValue()) {
                BrokerGroup group = info.brokers().get(brokerName);
                if (group == null) {
                    continue;
                }
                group.addresses().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(member -> {
                    BrokerStatus status = new BrokerStatus(cluster.getKey(), brokerName, member.getKey(),
                            member.getValue(), Map.of());
                    runtimes.put(status, callBroker(member.getValue(),
                            RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO).build())
                            .thenApply(response -> Bodies.kvTable(response.body()))
                            .exceptionally(unreachable -> Map.of()));
                });
            }
        }
        List<BrokerStatus> statuses = new ArrayList<>();
        runtimes.forEach((status, runtime) -> statuses.add(new BrokerStatus(status.cluster(), status.brokerName(),
                status.brokerId(), status.address(), Rpc.await(runtime))));
        return statuses;
    }

    @Override
    public ConsumerProgress consumerProgress(String group) {
        Objects.requireNonNull(group, "group");
        List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
        for (BrokerGroup broker : clusterInfo().brokers().values()) {
            broker.masterAddress().ifPresent(master -> calls.add(callBroker(master,
                    RemotingCommand.request(RequestCode.GET_CONSUME_STATS)
                            .extField(ConsumerGroupHeader.CONSUMER_GROUP, group).build())));
        }
        List<QueueProgress> queues = new ArrayList<>();
        HexmqClientException refusal = null;
        int answered = 0;
        for (CompletableFuture<RemotingCommand> call : calls) {
            RemotingCommand response;
            try {
                response = Rpc.await(call);
            } catch (HexmqClientException e) {
                refusal = e;
                continue;
            }
            answered++;
            queues.addAll(SingleBrokerCalls.queueProgress(response.body()));
        }
        if (answered == 0 && refusal != null) {
            throw refusal;
        }
        queues.sort(Comparator.comparing(QueueProgress::queue));
        return new ConsumerProgress(group, queues);
    }

    @Override
    public ReceivedMessage viewMessage(String offsetMsgId) {
        Objects.requireNonNull(offsetMsgId, "offsetMsgId");
        OffsetMessageId id = OffsetMessageId.decode(offsetMsgId);
        RemotingCommand response = Rpc.await(callBroker(id.storeHost().toString(),
                RemotingCommand.request(RequestCode.VIEW_MESSAGE_BY_ID)
                        .extField(MessageLookupHeader.OFFSET, id.commitLogOffset())
                        .build()));
        List<ReceivedMessage> messages = MessageDecoding.decodeAll(response.body());
        if (messages.isEmpty()) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "the broker's answer to message "
                    + offsetMsgId + " holds no message");
        }
        return messages.get(0);
    }

    @Override
    public MessageTrace messageTrace(String msgId, String traceTopic) {
        Objects.requireNonNull(msgId, "msgId");
        TraceReader records = new TraceReader(msgId);
        queryMessagesByKey(traceTopic, msgId, MAX_TRACE_MESSAGES, Instant.EPOCH, Instant.ofEpochMilli(Long.MAX_VALUE))
                .forEach(traceMessage -> records.read(traceMessage.bodyAsString(), traceMessage.bornHost()));
        return MessageTraces.of(records.path());
    }

    @Override
    public List<ReceivedMessage> queryMessagesByKey(String topic, String key, int maxMessages, Instant begin,
                                                    Instant end) {
        Objects.requireNonNull(key, "key");
        return queryMessages(topic, MessageLookupHeader.INDEX_TYPE_KEYS, key, maxMessages, begin, end,
                message -> message.keys().contains(key));
    }

    @Override
    public List<ReceivedMessage> queryMessagesByTag(String topic, String tag, int maxMessages, Instant begin,
                                                    Instant end) {
        Objects.requireNonNull(tag, "tag");
        return queryMessages(topic, MessageLookupHeader.INDEX_TYPE_TAG, tag, maxMessages, begin, end,
                message -> message.tags().filter(tag::equals).isPresent());
    }

    /** QUERY_MESSAGE to every master of the topic, keeping what {@code wanted} confirms. */
    private List<ReceivedMessage> queryMessages(String topic, String indexType, String key, int maxMessages,
                                                Instant begin, Instant end, Predicate<ReceivedMessage> wanted) {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(begin, "begin");
        Objects.requireNonNull(end, "end");
        if (maxMessages < 1) {
            throw new IllegalArgumentException("maxMessages must be at least 1: " + maxMessages);
        }
        List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
        for (BrokerGroup broker : topicRoute(topic).brokers()) {
            broker.masterAddress().ifPresent(master -> calls.add(instance.rpc().invoke(master,
                    RemotingCommand.request(RequestCode.QUERY_MESSAGE)
                            .extField(MessageLookupHeader.TOPIC, topic)
                            .extField(MessageLookupHeader.KEY, key)
                            .extField(MessageLookupHeader.MAX_NUM, maxMessages)
                            .extField(MessageLookupHeader.BEGIN_TIMESTAMP, begin.toEpochMilli())
                            .extField(MessageLookupHeader.END_TIMESTAMP, end.toEpochMilli())
                            .extField(MessageLookupHeader.UNIQUE_KEY_QUERY, "false")
                            .extField(MessageLookupHeader.INDEX_TYPE, indexType)
                            .build(), instance.requestTimeoutMillis())));
        }
        List<ReceivedMessage> found = new ArrayList<>();
        for (RemotingCommand response : awaitAll(calls)) {
            if (response.code() == ResponseCode.QUERY_NOT_FOUND) {
                continue;
            }
            if (response.code() == ResponseCode.REQUEST_CODE_NOT_SUPPORTED) {
                throw new HexmqClientException(response.code(), "the broker does not support QUERY_MESSAGE "
                        + "(look-ups by key): " + response.remark());
            }
            Rpc.requireSuccess(response);
            for (ReceivedMessage message : MessageDecoding.decodeAll(response.body())) {
                // The index is a hash: other keys may collide with this one, and a broker older than
                // indexType answers every type as a look-up by key.
                if (message.topic().equals(topic) && wanted.test(message) && found.size() < maxMessages) {
                    found.add(message);
                }
            }
        }
        return found;
    }

    @Override
    public void putKvConfig(String namespace, String key, String value) {
        nameServers.putKvConfig(namespace, key, value);
    }

    @Override
    public Optional<String> getKvConfig(String namespace, String key) {
        return nameServers.getKvConfig(namespace, key);
    }

    @Override
    public void deleteKvConfig(String namespace, String key) {
        nameServers.deleteKvConfig(namespace, key);
    }

    @Override
    public Map<String, SortedMap<String, String>> nameServerConfigs() {
        return nameServers.nameServerConfigs();
    }

    @Override
    public void updateNameServerConfig(Map<String, String> changes) {
        nameServers.updateNameServerConfig(changes);
    }

    @Override
    public SortedMap<String, String> brokerConfig(String brokerAddress) {
        return NameServerConfigCalls.properties(Rpc.await(callBroker(Objects.requireNonNull(brokerAddress, "brokerAddress"),
                RemotingCommand.request(RequestCode.GET_BROKER_CONFIG).build())).body());
    }

    @Override
    public void updateBrokerConfig(String brokerAddress, Map<String, String> changes) {
        Rpc.await(callBroker(Objects.requireNonNull(brokerAddress, "brokerAddress"),
                RemotingCommand.request(RequestCode.UPDATE_BROKER_CONFIG).body(PropertiesBody.encode(changes)).build()));
    }

    @Override
    public Optional<ConsumeQueueEntries> queryConsumeQueue(String brokerAddress, String topic, int queueId, long index,
                                                           int count, String group) {
        return broker.queryConsumeQueue(brokerAddress, topic, queueId, index, count, group);
    }

    @Override
    public void deleteExpiredCommitLog(String brokerAddress) {
        broker.deleteExpiredCommitLog(brokerAddress);
    }

    @Override
    public void cleanExpiredConsumeQueue(String brokerAddress) {
        broker.cleanExpiredConsumeQueue(brokerAddress);
    }

    @Override
    public void cleanUnusedTopic(String brokerAddress) {
        broker.cleanUnusedTopic(brokerAddress);
    }

    @Override
    public HaStatus haStatus(String brokerAddress) {
        return broker.haStatus(brokerAddress);
    }

    @Override
    public SortedMap<String, String> brokerRuntime(String brokerAddress) {
        return broker.brokerRuntime(brokerAddress);
    }

    @Override
    public BrokerStats brokerStats(String brokerAddress, String statsName, String statsKey) {
        return broker.brokerStats(brokerAddress, statsName, statsKey);
    }

    @Override
    public BrokerConsumeStats brokerConsumeStats(String brokerAddress, boolean orderlyOnly) {
        return broker.brokerConsumeStats(brokerAddress, orderlyOnly);
    }

    @Override
    public void transferLeadership(String brokerName, String replicaId) {
        Objects.requireNonNull(replicaId, "replicaId");
        BrokerGroup group = servers.group(brokerName);
        // any replica passes the request on to the leader; the master is the one most likely up
        String address = group.masterAddress().orElseGet(() -> group.addresses().values().iterator().next());
        Rpc.await(servers.callBroker(address, RemotingCommand.request(HexmqRequestCodes.TRANSFER_GROUP_LEADERSHIP)
                .extField(TransferLeadershipHeader.TO_REPLICA, replicaId).build(), TRANSFER_BOUND_MILLIS));
    }

    private Bodies.ClusterInfo clusterInfo() {
        return servers.clusterInfo();
    }

    private List<String> masters(String cluster) {
        return servers.masters(cluster);
    }

    private RemotingCommand callNameServer(RemotingCommand request) {
        return servers.callNameServer(request);
    }

    private CompletableFuture<RemotingCommand> callBroker(String address, RemotingCommand request) {
        return servers.callBroker(address, request);
    }

    private static List<RemotingCommand> awaitAll(List<CompletableFuture<RemotingCommand>> calls) {
        return ClusterCalls.awaitAll(calls);
    }

    private static void requireTopicName(String topic) {
        try {
            new TopicName(topic);
        } catch (InvalidTopicNameException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}

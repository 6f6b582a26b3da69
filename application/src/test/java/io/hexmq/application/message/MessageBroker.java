package io.hexmq.application.message;

import io.hexmq.application.broker.LiveBrokerSettings;
import static io.hexmq.application.fakes.Stages.joined;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.RuntimeGauges;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.application.fakes.InMemoryDelayProgressStore;
import io.hexmq.application.fakes.InMemoryMessageStore;
import io.hexmq.application.fakes.InMemoryTimerProgressStore;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.UniqueKeyGenerator;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * The message paths wired by hand over {@link TestBroker} and an {@link InMemoryMessageStore}, as
 * bootstrap will wire them; long polling hands its re-reads to a {@link QueuedExecutor}.
 */
public final class MessageBroker {

    public static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    public static final HostAddress PRODUCER = HostAddress.of(new byte[] {10, 0, 0, 7}, 51000);
    public static final String TOPIC = "TopicTest";

    public final TestBroker broker;
    public final InMemoryMessageStore store;
    public final QueuedExecutor pullExecutor = new QueuedExecutor();
    public final BrokerStatistics statistics;
    public final LongPollingPulls longPolling;
    public final UniqueKeyGenerator uniqueKeys;
    public final SendAdmission sendAdmission;
    public final SendMessage sendMessage;
    public final PullMessages pullMessages;
    public final SendMessageBack sendMessageBack;
    public final InMemoryDelayProgressStore delayProgressStore = new InMemoryDelayProgressStore();
    public final DeliverDueMessages deliverDueMessages;
    public final InMemoryTimerProgressStore timerProgressStore = new InMemoryTimerProgressStore();
    public final TimerCounts timerCounts = new TimerCounts();
    public final DeliverDueTimerMessages deliverDueTimerMessages;
    public final MessageSettings settings;
    public final GetMaxOffset getMaxOffset;
    public final GetMinOffset getMinOffset;
    public final GetEarliestStoreTime getEarliestStoreTime;
    public final SearchOffsetByTimestamp searchOffsetByTimestamp;
    public final ViewMessage viewMessage;
    public final GetBrokerRuntimeInfo getBrokerRuntimeInfo;

    public MessageBroker() {
        this(UnaryOperator.identity(), MessageSettings.defaults());
    }

    public MessageBroker(UnaryOperator<BrokerSettings> adjust, MessageSettings settings) {
        this.settings = settings;
        broker = new TestBroker(adjust);
        store = new InMemoryMessageStore(STORE_HOST, broker.clock);
        store.start();
        statistics = broker.statistics;
        longPolling = new LongPollingPulls(broker.clock, pullExecutor);
        store.registerArrivalListener(longPolling);
        uniqueKeys = new UniqueKeyGenerator(STORE_HOST, broker.clock::millis, ZoneOffset.UTC);
        sendAdmission = new SendAdmission(broker.sendTopicLookup, broker.liveSettings, settings);
        sendMessage = new SendMessage(sendAdmission, new RetrySendRules(broker.subscriptionGroupLookup,
                broker.groupTopics, broker.locks, broker.clock), store, uniqueKeys, statistics, broker.clock,
                broker.settings, settings, broker.trace, broker.outcomes, broker.distributions);
        pullMessages = new PullMessages(broker.subscriptionGroupLookup, broker.topics, broker.consumers, store,
                broker.offsets, longPolling, statistics, broker.clock, broker.liveSettings, settings);
        sendMessageBack = new SendMessageBack(broker.subscriptionGroupLookup, broker.groupTopics, store,
                broker.liveSettings, settings, broker.clock, broker.outcomes);
        deliverDueMessages = new DeliverDueMessages(store, delayProgressStore, broker.clock, settings);
        deliverDueTimerMessages = new DeliverDueTimerMessages(store, timerProgressStore, broker.clock, timerCounts);
        getMaxOffset = new GetMaxOffset(store);
        getMinOffset = new GetMinOffset(store);
        getEarliestStoreTime = new GetEarliestStoreTime(store);
        searchOffsetByTimestamp = new SearchOffsetByTimestamp(store);
        viewMessage = new ViewMessage(store);
        getBrokerRuntimeInfo = new GetBrokerRuntimeInfo(statistics, RuntimeGauges.builder().build(), broker.clock,
                TestBroker.START);
    }

    /** Hosts {@code topic} with {@code queues} read and write queues. */
    public MessageBroker withTopic(String topic, int queues) {
        broker.topics.put(TopicConfig.of(new TopicName(topic), queues, queues, Permission.READ_WRITE),
                broker.clock.millis(), broker.topicStore::save);
        return this;
    }

    /** Encoded properties from name/value pairs. */
    public static String properties(String... namesAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return MessageProperties.encode(map);
    }

    public static SendMessage.Command send(String topic, int queueId, String body, String properties) {
        return new SendMessage.Command("PG", topic, "TBW102", 4, queueId, 0, 1_000L, 0, properties, 0, false,
                OptionalInt.empty(), PRODUCER, body.getBytes(), false, List.of());
    }

    public SendMessage.Result sendTagged(String topic, int queueId, String tag, String body) {
        return joined(sendMessage.send(send(topic, queueId, body, properties(MessageProperties.TAGS, tag))));
    }

    public static PullMessages.Command pull(String group, String topic, int queueId, long offset, int sysFlag,
            String subscription) {
        return new PullMessages.Command(group, topic, queueId, offset, 32, sysFlag, 0, 15_000, subscription, 0,
                "TAG");
    }

    /** Pulls, and asserts that the pull was answered at once rather than parked. */
    public PullMessages.Result pullNow(PullMessages.Command command) {
        CompletableFuture<PullMessages.Result> future = pullMessages.pull(command);
        assertThat(future).isDone();
        return future.join();
    }

    /** The bodies of the messages a pull found, in order. */
    public static List<String> bodies(PullMessages.Result result) {
        return result.messages().stream().map(record -> new String(StoredMessage.decode(record).body())).toList();
    }

    /** The group's member subscribes to {@code topic} with {@code tags} (empty: everything), as a heartbeat says. */
    public void heartbeat(String group, String topic, long subVersion, String... tags) {
        Subscription subscription = tags.length == 0 ? Subscription.all(new TopicName(topic), subVersion)
                : new Subscription(new TopicName(topic), String.join(" || ", tags), Set.of(tags),
                        java.util.Arrays.stream(tags).map(String::hashCode).collect(java.util.stream.Collectors.toSet()),
                        subVersion, ExpressionType.TAG);
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId("c1"), new ClientId("10.0.0.9@1"),
                "JAVA", 401, List.of(new RecordHeartbeat.ConsumerData(new GroupName(group),
                        ConsumeType.CONSUME_PASSIVELY, MessageModel.CLUSTERING,
                        ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, List.of(subscription))), Set.of()));
    }
}

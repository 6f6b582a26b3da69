package io.hexmq.application.broker;

import io.hexmq.application.consumer.CommitConsumerOffset;
import io.hexmq.application.consumer.CreateOrUpdateSubscriptionGroup;
import io.hexmq.application.consumer.DeleteSubscriptionGroup;
import io.hexmq.application.consumer.DropClientConnection;
import io.hexmq.application.consumer.ExpireSilentClients;
import io.hexmq.application.consumer.GetAllConsumerOffsets;
import io.hexmq.application.consumer.CloneGroupOffset;
import io.hexmq.application.consumer.GetBrokerConsumeStats;
import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.application.consumer.GroupQueueStats;
import io.hexmq.application.consumer.GetConsumerConnections;
import io.hexmq.application.consumer.GetConsumerIds;
import io.hexmq.application.consumer.GetProducerConnections;
import io.hexmq.application.consumer.GetSubscriptionGroup;
import io.hexmq.application.consumer.GetSubscriptionGroups;
import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.application.consumer.LockQueues;
import io.hexmq.application.consumer.PersistConsumerOffsets;
import io.hexmq.application.consumer.QueryConsumerOffset;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.application.consumer.ResetGroupOffsets;
import io.hexmq.application.consumer.UnlockQueues;
import io.hexmq.application.consumer.UnregisterClient;
import io.hexmq.application.fakes.InMemoryConsumerOffsetStore;
import io.hexmq.application.fakes.InMemoryMessageStore;
import io.hexmq.application.fakes.InMemorySubscriptionGroupStore;
import io.hexmq.application.fakes.InMemoryTopicConfigStore;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.application.fakes.RecordingConsumerNotifier;
import io.hexmq.application.fakes.RecordingNameServerGateway;
import io.hexmq.application.fakes.RegisteringAtOnce;
import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.application.topic.DeleteTopic;
import io.hexmq.application.topic.GetAllTopicConfigs;
import io.hexmq.application.topic.GetTopicStats;
import io.hexmq.application.topic.GroupTopics;
import io.hexmq.application.topic.LoadTopicTable;
import io.hexmq.application.topic.SaveStagedTopics;
import io.hexmq.application.topic.SendTopicLookup;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.consumer.QueueLocks;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.TopicTable;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/** A broker's non-storage core wired by hand over in-memory fakes, as bootstrap will wire it. */
public final class TestBroker {

    public static final long START = 1_700_000_000_000L;

    public static final BrokerSettings DEFAULTS = BrokerSettings.defaults(new ClusterName("DefaultCluster"),
            new BrokerName("broker-a"), new BrokerAddress("10.0.0.1:10911"), new BrokerAddress("10.0.0.1:10912"));

    public final ManualClock clock = new ManualClock(START);
    public final MessageOutcomes outcomes = new MessageOutcomes();
    public final RecordedDistributions distributions = new RecordedDistributions();
    public final BrokerSettings settings;
    /** {@link #settings}, as the use cases that obey run-time changes read them. */
    public final LiveBrokerSettings liveSettings;
    public final TraceSettings trace = TraceSettings.defaults();
    public final BrokerStatistics statistics = new BrokerStatistics(clock, ZoneOffset.UTC);
    public final InMemoryTopicConfigStore topicStore = new InMemoryTopicConfigStore();
    public final InMemorySubscriptionGroupStore groupStore = new InMemorySubscriptionGroupStore();
    public final InMemoryConsumerOffsetStore offsetStore = new InMemoryConsumerOffsetStore();
    public final RecordingNameServerGateway nameServers = new RecordingNameServerGateway();
    public final RecordingConsumerNotifier notifier = new RecordingConsumerNotifier();
    public final InMemoryMessageStore messageStore =
            new InMemoryMessageStore(HostAddress.of(new byte[] {10, 0, 0, 1}, 10911), clock);

    public final TopicTable topics;
    public final SubscriptionGroups subscriptionGroups;
    public final ConsumerOffsets offsets = new ConsumerOffsets(offsetStore.load());
    public final ConsumerGroups consumers = new ConsumerGroups();
    public final ProducerGroups producers = new ProducerGroups();
    public final QueueLocks locks;

    public final RegisterBrokerWithNameServers registerBroker;
    /** What the topic use cases mark: registers at once (see {@link RegisteringAtOnce}). */
    public final RegistrationDemand registersAtOnce;
    public final UnregisterBrokerFromNameServers unregisterBroker;
    public final CreateOrUpdateTopic createOrUpdateTopic;
    public final DeleteTopic deleteTopic;
    public final GetAllTopicConfigs getAllTopicConfigs;
    /**
     * Saves what sends stage at once, on the sending thread, so that a test sees the save when the send
     * returns; after {@link #deferTopicSaves()} only when the test calls {@code saveDue()}.
     */
    public final SaveStagedTopics saveStagedTopics;
    private volatile boolean topicSavesDeferred;
    public final SendTopicLookup sendTopicLookup;
    public final GroupTopics groupTopics;
    public final RecordHeartbeat recordHeartbeat;
    public final UnregisterClient unregisterClient;
    public final ExpireSilentClients expireSilentClients;
    public final DropClientConnection dropClientConnection;
    public final GetConsumerIds getConsumerIds;
    public final GetConsumerConnections getConsumerConnections;
    public final GetProducerConnections getProducerConnections;
    public final QueryConsumerOffset queryConsumerOffset;
    public final SubscriptionGroupLookup subscriptionGroupLookup;
    public final CommitConsumerOffset commitConsumerOffset;
    public final GetAllConsumerOffsets getAllConsumerOffsets;
    public final PersistConsumerOffsets persistConsumerOffsets;
    public final LockQueues lockQueues;
    public final UnlockQueues unlockQueues;
    public final CreateOrUpdateSubscriptionGroup createOrUpdateSubscriptionGroup;
    public final GetSubscriptionGroup getSubscriptionGroup;
    public final GetSubscriptionGroups getSubscriptionGroups;
    public final DeleteSubscriptionGroup deleteSubscriptionGroup;
    public final GetTopicStats getTopicStats;
    public final GetConsumeStats getConsumeStats;
    public final GetBrokerConsumeStats getBrokerConsumeStats;
    public final CloneGroupOffset cloneGroupOffset;
    public final ResetGroupOffsets resetGroupOffsets;

    public TestBroker() {
        this(UnaryOperator.identity());
    }

    /** From now on staged topic creations wait for the test's {@code saveStagedTopics.saveDue()}. */
    public void deferTopicSaves() {
        topicSavesDeferred = true;
    }

    /** @param adjust changes the default settings, e.g. to switch auto-create off */
    public TestBroker(UnaryOperator<BrokerSettings> adjust) {
        settings = adjust.apply(DEFAULTS);
        liveSettings = new LiveBrokerSettings(settings);
        topics = new LoadTopicTable(topicStore, clock, settings, trace).load();
        subscriptionGroups = new SubscriptionGroups(groupStore.load().orElseGet(() -> SubscriptionGroupTable.empty(START)));
        locks = new QueueLocks(settings.lockMaxLiveTime().toMillis());

        registerBroker = new RegisterBrokerWithNameServers(topics, topicStore, nameServers, clock, liveSettings);
        registersAtOnce = new RegisteringAtOnce(registerBroker);
        unregisterBroker = new UnregisterBrokerFromNameServers(nameServers, settings);
        createOrUpdateTopic = new CreateOrUpdateTopic(topics, topicStore, registersAtOnce, clock, settings);
        deleteTopic = new DeleteTopic(topics, topicStore, offsets, messageStore, registersAtOnce, clock, settings,
                statistics);
        getAllTopicConfigs = new GetAllTopicConfigs(topics);
        saveStagedTopics = new SaveStagedTopics(topics, topicStore, clock);
        saveStagedTopics.whenDue(atMillis -> {
            if (!topicSavesDeferred) {
                saveStagedTopics.saveDue();
            }
        });
        sendTopicLookup = new SendTopicLookup(topics, saveStagedTopics, registersAtOnce, clock, liveSettings);
        groupTopics = new GroupTopics(topics, topicStore, registersAtOnce, clock);
        recordHeartbeat = new RecordHeartbeat(consumers, producers, subscriptionGroups, groupStore, groupTopics,
                notifier, clock, liveSettings);
        unregisterClient = new UnregisterClient(consumers, producers, subscriptionGroups, notifier);
        expireSilentClients = new ExpireSilentClients(consumers, producers, subscriptionGroups, notifier, clock,
                settings);
        dropClientConnection = new DropClientConnection(consumers, producers, subscriptionGroups, notifier);
        getConsumerIds = new GetConsumerIds(consumers);
        getConsumerConnections = new GetConsumerConnections(consumers);
        getProducerConnections = new GetProducerConnections(producers);
        queryConsumerOffset = new QueryConsumerOffset(offsets, messageStore);
        subscriptionGroupLookup = new SubscriptionGroupLookup(subscriptionGroups, groupStore, clock, liveSettings);
        commitConsumerOffset = new CommitConsumerOffset(offsets, subscriptionGroupLookup, topics);
        getAllConsumerOffsets = new GetAllConsumerOffsets(offsets);
        persistConsumerOffsets = new PersistConsumerOffsets(offsets, offsetStore);
        lockQueues = new LockQueues(locks, clock);
        unlockQueues = new UnlockQueues(locks);
        createOrUpdateSubscriptionGroup = new CreateOrUpdateSubscriptionGroup(subscriptionGroups, groupStore, clock);
        getSubscriptionGroup = new GetSubscriptionGroup(subscriptionGroupLookup);
        getSubscriptionGroups = new GetSubscriptionGroups(subscriptionGroups);
        deleteSubscriptionGroup = new DeleteSubscriptionGroup(subscriptionGroups, groupStore, offsets, clock);
        getTopicStats = new GetTopicStats(topics, messageStore, settings);
        GroupQueueStats queueStats = new GroupQueueStats(offsets, messageStore, settings, statistics);
        getConsumeStats = new GetConsumeStats(topics, offsets, consumers, queueStats);
        getBrokerConsumeStats = new GetBrokerConsumeStats(subscriptionGroups, topics, offsets, consumers, queueStats);
        cloneGroupOffset = new CloneGroupOffset(offsets, topics, consumers);
        resetGroupOffsets = new ResetGroupOffsets(topics, subscriptionGroups, offsets, consumers,
                messageStore, notifier, settings);
        messageStore.start();
    }

    /** The same settings with a few fields changed; records have no withers. */
    public static BrokerSettings withAutoCreate(BrokerSettings s, boolean topics, boolean groups) {
        return new BrokerSettings(s.brokerClusterName(), s.brokerName(), s.brokerId(), s.brokerAddress(),
                s.haServerAddress(), s.brokerPermission(), topics, s.defaultTopicQueueNums(), s.clusterTopicEnable(),
                s.brokerTopicEnable(), s.validateSystemTopicWhenUpdateTopic(), groups, s.channelExpiredTimeout(),
                s.lockMaxLiveTime(), s.registerNameServerPeriod(), s.flushConsumerOffsetInterval());
    }

    /** What {@link #outcomes} counted as dead-lettered, by {@code group@topic}. */
    public Map<String, Long> deadLettered() {
        Map<String, Long> counts = new TreeMap<>();
        outcomes.forEachDeadLettered((key, count) -> counts.put(key.group().value() + "@" + key.topic().value(), count));
        return counts;
    }

    /** What {@link #outcomes} counted as committed ({@code true}) or rolled back, by topic. */
    public Map<String, Long> ended(boolean committed) {
        Map<String, Long> counts = new TreeMap<>();
        if (committed) {
            outcomes.forEachCommitted((topic, count) -> counts.put(topic.value(), count));
        } else {
            outcomes.forEachRolledBack((topic, count) -> counts.put(topic.value(), count));
        }
        return counts;
    }
}

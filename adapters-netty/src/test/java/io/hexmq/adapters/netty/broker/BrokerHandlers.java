package io.hexmq.adapters.netty.broker;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.DropClientConnection;
import io.hexmq.application.consumer.GetAllProducers;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.application.consumer.ResetGroupOffsets;
import io.hexmq.application.consumer.UnregisterClient;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Map;

/**
 * Every broker handler of this package over the application's use cases and in-memory fakes (the
 * application test-jar's {@link TestBroker}), with the real {@link NettyConsumerNotifier} over
 * {@link ClientChannels} where members get notified, and a dispatcher with {@link BrokerResponseCodes}
 * on the calling thread for the error paths.
 */
final class BrokerHandlers {

    static final String BROKER_CONFIG = "brokerName=broker-a\nlistenPort=10911\n";
    static final DataVersion CONFIG_VERSION = new DataVersion(TestBroker.START, 0, 0);

    final TestBroker broker = new TestBroker();
    final ClientChannels channels = new ClientChannels();
    final NettyConsumerNotifier notifier = new NettyConsumerNotifier(channels);
    final ClientConnectionCloseListener closeListener = new ClientConnectionCloseListener(
            new DropClientConnection(broker.consumers, broker.producers, broker.subscriptionGroups, notifier), channels);
    final Map<Integer, RequestHandler> handlers;
    final RequestDispatcher dispatcher;

    BrokerHandlers() {
        RecordHeartbeat recordHeartbeat = new RecordHeartbeat(broker.consumers, broker.producers,
                broker.subscriptionGroups, broker.groupStore, broker.groupTopics, notifier, broker.clock,
                broker.liveSettings);
        UnregisterClient unregisterClient = new UnregisterClient(broker.consumers, broker.producers,
                broker.subscriptionGroups, notifier);
        ResetGroupOffsets reset = new ResetGroupOffsets(broker.topics, broker.subscriptionGroups,
                broker.offsets, broker.consumers, broker.messageStore, notifier, broker.settings);
        handlers = Map.ofEntries(
                Map.entry(RequestCode.HEART_BEAT, new HeartbeatHandler(recordHeartbeat, channels)),
                Map.entry(RequestCode.UNREGISTER_CLIENT, new UnregisterClientHandler(unregisterClient)),
                Map.entry(RequestCode.GET_CONSUMER_LIST_BY_GROUP, new GetConsumerListByGroupHandler(broker.getConsumerIds)),
                Map.entry(RequestCode.QUERY_CONSUMER_OFFSET, new QueryConsumerOffsetHandler(broker.queryConsumerOffset)),
                Map.entry(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetHandler(broker.commitConsumerOffset)),
                Map.entry(RequestCode.LOCK_BATCH_MQ, new LockBatchMqHandler(broker.lockQueues)),
                Map.entry(RequestCode.UNLOCK_BATCH_MQ, new UnlockBatchMqHandler(broker.unlockQueues)),
                Map.entry(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, new ResetOffsetHandler(reset)),
                Map.entry(RequestCode.UPDATE_AND_CREATE_TOPIC, new UpdateAndCreateTopicHandler(broker.createOrUpdateTopic)),
                Map.entry(RequestCode.DELETE_TOPIC_IN_BROKER, new DeleteTopicInBrokerHandler(broker.deleteTopic)),
                Map.entry(RequestCode.GET_ALL_TOPIC_CONFIG, new GetAllTopicConfigHandler(broker.getAllTopicConfigs)),
                Map.entry(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                        new UpdateAndCreateSubscriptionGroupHandler(broker.createOrUpdateSubscriptionGroup)),
                Map.entry(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
                        new GetAllSubscriptionGroupConfigHandler(broker.getSubscriptionGroups)),
                Map.entry(RequestCode.DELETE_SUBSCRIPTIONGROUP,
                        new DeleteSubscriptionGroupHandler(broker.deleteSubscriptionGroup)),
                Map.entry(RequestCode.GET_TOPIC_STATS_INFO, new GetTopicStatsInfoHandler(broker.getTopicStats)),
                Map.entry(RequestCode.GET_CONSUME_STATS, new GetConsumeStatsHandler(broker.getConsumeStats)),
                Map.entry(RequestCode.GET_BROKER_CONSUME_STATS,
                        new GetBrokerConsumeStatsHandler(broker.getBrokerConsumeStats, broker.settings)),
                Map.entry(RequestCode.GET_CONSUMER_CONNECTION_LIST,
                        new GetConsumerConnectionListHandler(broker.getConsumerConnections, channels)),
                Map.entry(RequestCode.GET_PRODUCER_CONNECTION_LIST,
                        new GetProducerConnectionListHandler(broker.getProducerConnections, channels)),
                Map.entry(RequestCode.GET_ALL_PRODUCER_INFO,
                        new GetAllProducerInfoHandler(new GetAllProducers(broker.producers), channels)),
                Map.entry(RequestCode.GET_ALL_CONSUMER_OFFSET, new GetAllConsumerOffsetHandler(broker.getAllConsumerOffsets)),
                Map.entry(RequestCode.GET_BROKER_CONFIG, new GetBrokerConfigHandler(() -> BROKER_CONFIG,
                        () -> CONFIG_VERSION)));
        RequestDispatcher.Builder builder = RequestDispatcher.builder().responseCodes(BrokerResponseCodes.create());
        handlers.forEach((code, handler) -> builder.register(code, handler, Runnable::run));
        dispatcher = builder.build();
    }

    /** Sends {@code request} through the dispatcher over {@code peer}'s connection: errors come back as responses. */
    RemotingCommand call(RemotingCommand request, RemotingPeer peer) {
        return dispatcher.dispatch(request, new RequestContext(peer)).join();
    }
}

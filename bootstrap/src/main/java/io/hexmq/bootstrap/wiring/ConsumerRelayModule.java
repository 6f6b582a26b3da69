package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.netty.broker.ClientChannels;
import io.hexmq.adapters.netty.broker.ConsumeMessageDirectlyHandler;
import io.hexmq.adapters.netty.broker.GetConsumerRunningInfoHandler;
import io.hexmq.adapters.netty.broker.NettyConsumerClients;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.consumer.ConsumeMessageDirectly;
import io.hexmq.application.consumer.GetConsumerRunningInfo;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.port.ConsumerClients;
import io.hexmq.domain.message.port.MessageStore;

/**
 * The admin questions the broker relays to one consumer client over the client's own connection:
 * its running info (GET_CONSUMER_RUNNING_INFO) and consuming one stored message now
 * (CONSUME_MESSAGE_DIRECTLY). The handlers answer when the client does, so they hold no admin thread.
 *
 * <p>Installed by {@link BrokerModule}, which binds the client channels and the consumer groups; the
 * message store comes from the store module the launcher installed.
 */
final class ConsumerRelayModule extends AbstractModule {

    @Provides
    @Singleton
    ConsumerClients consumerClients(ClientChannels channels) {
        return new NettyConsumerClients(channels);
    }

    @Provides
    @Singleton
    GetConsumerRunningInfo getConsumerRunningInfo(ConsumerGroups consumers, ConsumerClients clients) {
        return new GetConsumerRunningInfo(consumers, clients);
    }

    @Provides
    @Singleton
    ConsumeMessageDirectly consumeMessageDirectly(ConsumerGroups consumers, MessageStore store,
                                                  ConsumerClients clients, BrokerSettings settings) {
        return new ConsumeMessageDirectly(consumers, store, clients, settings);
    }

    @ProvidesIntoSet
    HandlerBinding consumerRunningInfo(GetConsumerRunningInfo useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_CONSUMER_RUNNING_INFO, new GetConsumerRunningInfoHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding consumeMessageDirectly(ConsumeMessageDirectly useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.CONSUME_MESSAGE_DIRECTLY, new ConsumeMessageDirectlyHandler(useCase));
    }
}

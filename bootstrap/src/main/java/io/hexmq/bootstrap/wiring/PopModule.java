package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.file.state.LogFilePopStateStore;
import io.hexmq.adapters.file.state.JsonRequestModeStore;
import io.hexmq.adapters.netty.broker.AckMessageHandler;
import io.hexmq.adapters.netty.broker.BatchAckMessageHandler;
import io.hexmq.adapters.netty.broker.ChangeInvisibleTimeHandler;
import io.hexmq.adapters.netty.broker.NotificationHandler;
import io.hexmq.adapters.netty.broker.PeekMessageHandler;
import io.hexmq.adapters.netty.broker.PollingInfoHandler;
import io.hexmq.adapters.netty.broker.PopMessageHandler;
import io.hexmq.adapters.netty.broker.QueryAssignmentHandler;
import io.hexmq.adapters.netty.broker.SetMessageRequestModeHandler;
import io.hexmq.application.pop.AckMessage;
import io.hexmq.application.pop.AwaitMessages;
import io.hexmq.application.pop.BatchAckMessages;
import io.hexmq.application.pop.ChangeInvisibleTime;
import io.hexmq.application.pop.GetPollingInfo;
import io.hexmq.application.pop.ParkedPops;
import io.hexmq.application.pop.PeekMessages;
import io.hexmq.application.pop.PopLedger;
import io.hexmq.application.pop.PopMessages;
import io.hexmq.application.pop.PopSettings;
import io.hexmq.application.pop.QueryAssignment;
import io.hexmq.application.pop.SetMessageRequestMode;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.lifecycle.RoleExecutors;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.pop.port.PopStateStore;
import io.hexmq.domain.pop.port.RequestModeStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.storage.FlushDiskType;
import jakarta.inject.Named;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * POP consumption and broker-side assignment: the checkpoints in flight and their files, the parked
 * POPs, the request modes, their timers, and one handler per request code. POPs, acks and changes run
 * on the pull threads; assignment on the admin threads.
 *
 * <p>Installed by {@link BrokerModule}, which binds the use cases; {@code BrokerNode} recovers the POP
 * state and the request modes, and plans the revival and the parked POPs' deadlines.
 */
final class PopModule extends AbstractModule {

    private final BrokerConfig config;

    PopModule(BrokerConfig config) {
        this.config = config;
    }

    /**
     * This broker's own POP state files, forced as the message store is, whichever store it runs on; a
     * replicated broker writes them through the group's log instead.
     */
    @Provides
    @Singleton
    @Named(ReplicationModule.LOCAL)
    PopStateStore localPopStateStore() {
        return new LogFilePopStateStore(config.stateDirectory(), FlushDiskType.valueOf(config.store().flushDiskType()));
    }

    @Provides
    @Singleton
    PopStateStore popStateStore(@Named(ReplicationModule.LOCAL) PopStateStore store) {
        return store;
    }

    /** This broker's own request mode file; a replicated broker writes it through the group's log instead. */
    @Provides
    @Singleton
    @Named(ReplicationModule.LOCAL)
    RequestModeStore localRequestModeStore() {
        return new JsonRequestModeStore(config.stateDirectory().resolve("messageRequestMode.json"));
    }

    @Provides
    @Singleton
    RequestModeStore requestModeStore(@Named(ReplicationModule.LOCAL) RequestModeStore store) {
        return store;
    }

    @Provides
    @Singleton
    PopCheckpoints popCheckpoints() {
        return new PopCheckpoints(List.of());
    }

    @Provides
    @Singleton
    PopLedger popLedger(PopCheckpoints checkpoints, PopStateStore store, ConsumerOffsets offsets) {
        return new PopLedger(checkpoints, store, offsets);
    }

    /** Woken and expired POPs are popped again on the pull threads, never on the store's writer thread. */
    @Provides
    @Singleton
    ParkedPops parkedPops(Clock clock, @Named("broker-pull") ExecutorService pull) {
        return new ParkedPops(clock, pull, config.pop());
    }

    @Provides
    @Singleton
    RequestModes requestModes() {
        return new RequestModes();
    }

    @Provides
    @Singleton
    PopSettings popSettings() {
        return config.pop();
    }

    @Provides
    @Singleton
    @Named("broker-pop")
    ScheduledExecutorService popTimer(RoleExecutors executors) {
        return executors.scheduled("broker-pop");
    }

    @ProvidesIntoSet
    HandlerBinding pop(PopMessages useCase) {
        return HandlerBinding.onPullThreads(RequestCode.POP_MESSAGE, new PopMessageHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding ack(AckMessage useCase) {
        return HandlerBinding.onPullThreads(RequestCode.ACK_MESSAGE, new AckMessageHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding batchAck(BatchAckMessages useCase) {
        return HandlerBinding.onPullThreads(RequestCode.BATCH_ACK_MESSAGE, new BatchAckMessageHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding changeInvisibleTime(ChangeInvisibleTime useCase) {
        return HandlerBinding.onPullThreads(RequestCode.CHANGE_MESSAGE_INVISIBLETIME,
                new ChangeInvisibleTimeHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding peek(PeekMessages useCase) {
        return HandlerBinding.onPullThreads(RequestCode.PEEK_MESSAGE, new PeekMessageHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding notification(AwaitMessages useCase) {
        return HandlerBinding.onPullThreads(RequestCode.NOTIFICATION, new NotificationHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding pollingInfo(GetPollingInfo useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.POLLING_INFO, new PollingInfoHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding queryAssignment(QueryAssignment useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.QUERY_ASSIGNMENT, new QueryAssignmentHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding setMessageRequestMode(SetMessageRequestMode useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.SET_MESSAGE_REQUEST_MODE,
                new SetMessageRequestModeHandler(useCase));
    }
}

package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.netty.broker.ClientChannels;
import io.hexmq.adapters.netty.broker.ConsumerSendMsgBackHandler;
import io.hexmq.adapters.netty.broker.GetEarliestMsgStoreTimeHandler;
import io.hexmq.adapters.netty.broker.GetMaxOffsetHandler;
import io.hexmq.adapters.netty.broker.GetMinOffsetHandler;
import io.hexmq.adapters.netty.broker.NettyReplyPusher;
import io.hexmq.adapters.netty.broker.PullMessageHandler;
import io.hexmq.adapters.netty.broker.QueryMessageHandler;
import io.hexmq.adapters.netty.broker.SearchOffsetByTimestampHandler;
import io.hexmq.adapters.netty.broker.RecallMessageHandler;
import io.hexmq.adapters.netty.broker.SendMessageHandler;
import io.hexmq.adapters.netty.broker.SendReplyMessageHandler;
import io.hexmq.adapters.netty.broker.ViewMessageByIdHandler;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.application.message.GetEarliestStoreTime;
import io.hexmq.application.message.GetMaxOffset;
import io.hexmq.application.message.GetMinOffset;
import io.hexmq.application.message.PullMessages;
import io.hexmq.application.message.QueryMessages;
import io.hexmq.application.message.RecallTimerMessage;
import io.hexmq.application.message.ReplySettings;
import io.hexmq.application.broker.TraceSettings;
import io.hexmq.application.message.SearchOffsetByTimestamp;
import io.hexmq.application.message.SendMessage;
import io.hexmq.application.message.SendMessageBack;
import io.hexmq.application.message.SendReply;
import io.hexmq.application.message.ViewMessage;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.domain.message.port.ReplyPusher;

/**
 * Messages in and out: the send family, pulls, replies, send-back, and the codes that read offsets and
 * look messages up. One handler per request code, each over its use case.
 *
 * <p>Installed by {@link BrokerModule}, which binds the use cases.
 */
final class MessageHandlersModule extends AbstractModule {

    private final BrokerConfig config;

    MessageHandlersModule(BrokerConfig config) {
        this.config = config;
    }

    @ProvidesIntoSet
    HandlerBinding send(SendMessageHandler handler) {
        return HandlerBinding.onSendThreads(RequestCode.SEND_MESSAGE, handler);
    }

    @ProvidesIntoSet
    HandlerBinding sendV2(SendMessageHandler handler) {
        return HandlerBinding.onSendThreads(RequestCode.SEND_MESSAGE_V2, handler);
    }

    @ProvidesIntoSet
    HandlerBinding sendBatch(SendMessageHandler handler) {
        return HandlerBinding.onSendThreads(RequestCode.SEND_BATCH_MESSAGE, handler);
    }

    /** One handler serves the send family (10, 310, 320): it reads the header names each code uses. */
    @Provides
    @Singleton
    SendMessageHandler sendHandler(SendMessage useCase, TraceSettings trace) {
        return new SendMessageHandler(useCase, trace);
    }

    @ProvidesIntoSet
    HandlerBinding recall(RecallMessageHandler handler) {
        return HandlerBinding.onSendThreads(RequestCode.RECALL_MESSAGE, handler);
    }

    @Provides
    @Singleton
    RecallMessageHandler recallHandler(RecallTimerMessage useCase) {
        return new RecallMessageHandler(useCase);
    }

    @Provides
    @Singleton
    PullMessageHandler pullHandler(PullMessages useCase) {
        return new PullMessageHandler(useCase);
    }

    @ProvidesIntoSet
    HandlerBinding pull(PullMessageHandler handler) {
        return HandlerBinding.onPullThreads(RequestCode.PULL_MESSAGE, handler);
    }

    @ProvidesIntoSet
    HandlerBinding litePull(PullMessageHandler handler) {
        return HandlerBinding.onPullThreads(RequestCode.LITE_PULL_MESSAGE, handler);
    }

    @Provides
    @Singleton
    ReplySettings replySettings() {
        return config.reply();
    }

    @Provides
    @Singleton
    TraceSettings traceSettings() {
        return config.trace();
    }

    @Provides
    @Singleton
    ReplyPusher replyPusher(ClientChannels channels) {
        return new NettyReplyPusher(channels);
    }

    /** One handler serves both reply codes (324 with the long header names, 325 with the short ones). */
    @Provides
    @Singleton
    SendReplyMessageHandler sendReplyHandler(SendReply useCase, TraceSettings trace) {
        return new SendReplyMessageHandler(useCase, trace);
    }

    @ProvidesIntoSet
    HandlerBinding sendReply(SendReplyMessageHandler handler) {
        return HandlerBinding.onSendThreads(RequestCode.SEND_REPLY_MESSAGE, handler);
    }

    @ProvidesIntoSet
    HandlerBinding sendReplyV2(SendReplyMessageHandler handler) {
        return HandlerBinding.onSendThreads(RequestCode.SEND_REPLY_MESSAGE_V2, handler);
    }

    @ProvidesIntoSet
    HandlerBinding sendBack(SendMessageBack useCase) {
        return HandlerBinding.onSendThreads(RequestCode.CONSUMER_SEND_MSG_BACK, new ConsumerSendMsgBackHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding maxOffset(GetMaxOffset useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_MAX_OFFSET, new GetMaxOffsetHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding minOffset(GetMinOffset useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_MIN_OFFSET, new GetMinOffsetHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding earliestStoreTime(GetEarliestStoreTime useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_EARLIEST_MSG_STORETIME, new GetEarliestMsgStoreTimeHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding searchOffset(SearchOffsetByTimestamp useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, new SearchOffsetByTimestampHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding viewMessage(ViewMessage useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.VIEW_MESSAGE_BY_ID, new ViewMessageByIdHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding queryMessage(QueryMessages useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.QUERY_MESSAGE, new QueryMessageHandler(useCase));
    }
}

package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.message;
import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static io.hexmq.adapters.netty.broker.OfficialRequests.sendHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.v2;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TraceSettings;
import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.message.RetrySendRules;
import io.hexmq.application.message.SendMessage;
import io.hexmq.application.message.ViewMessage;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import io.hexmq.remoting.protocol.TestPeer;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageBatch;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

class SendMessageHandlerTest {

    private final MessageBroker mb = new MessageBroker().withTopic("TopicTest", 4);
    private final SendMessageHandler handler = new SendMessageHandler(mb.sendMessage, mb.broker.trace);

    private RemotingCommand handle(RemotingCommand request) {
        return handler.handle(request, TestPeer.client().context()).join();
    }

    private MessageExt storedAt(String offsetMsgId) {
        long offset = io.hexmq.domain.message.OffsetMessageId.decode(offsetMsgId).commitLogOffset();
        ByteBuffer record = mb.viewMessage.view(new ViewMessage.Query(offset)).orElseThrow();
        byte[] bytes = new byte[record.remaining()];
        record.get(record.position(), bytes);
        return MessageDecoder.decode(ByteBuffer.wrap(bytes));
    }

    @Test
    void storesAnOfficialV2Send_andAnswersWhatTheClientReads() {
        Message message = message("TopicTest", "TagA", "order-1", "hello");
        RemotingCommand request = request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader("TopicTest", 2, message, false)), message.getBody());

        RemotingCommand response = handle(request);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(request.opaque());
        assertThat(response.extFields())
                .containsEntry("queueId", "2")
                .containsEntry("queueOffset", "0")
                .containsEntry("transactionId", MessageClientIDSetter.getUniqID(message))
                .containsEntry("MSG_REGION", "DefaultRegion")
                .containsEntry("TRACE_ON", "true");
        String msgId = response.extFields().get("msgId");
        assertThat(msgId).hasSize(32).startsWith("0A000001" + "00002A9F");

        MessageExt stored = storedAt(msgId);
        assertThat(stored.getTopic()).isEqualTo("TopicTest");
        assertThat(stored.getTags()).isEqualTo("TagA");
        assertThat(stored.getKeys()).isEqualTo("order-1");
        assertThat(new String(stored.getBody())).isEqualTo("hello");
        assertThat(stored.getBornHost()).isEqualTo(TestPeer.CLIENT_ADDRESS);
        assertThat(stored.getStoreHost()).isEqualTo(new InetSocketAddress("10.0.0.1", 10911));
        assertThat(stored.getProperty("CLUSTER")).isEqualTo("DefaultCluster");
        assertThat(stored.getMsgId()).isEqualTo(msgId);
    }

    @Test
    void readsTheLongHeaderNames_ofSendMessage() {
        Message message = message("TopicTest", "TagB", null, "v1");
        RemotingCommand response = handle(request(RequestCode.SEND_MESSAGE,
                sendHeader("TopicTest", 1, message, false), message.getBody()));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(storedAt(response.extFields().get("msgId")).getTags()).isEqualTo("TagB");
    }

    @Test
    void storesAnOfficialBatch_asSeparateMessages() {
        List<Message> messages = List.of(message("TopicTest", "A", null, "one"), message("TopicTest", "B", null, "two"));
        MessageBatch batch = MessageBatch.generateFromList(messages);
        MessageClientIDSetter.setUniqID(batch);
        batch.setTopic("TopicTest");
        byte[] body = batch.encode();

        RemotingCommand response = handle(request(RequestCode.SEND_BATCH_MESSAGE,
                v2(sendHeader("TopicTest", 3, batch, true)), body));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        String[] ids = response.extFields().get("msgId").split(",");
        assertThat(ids).hasSize(2);
        assertThat(storedAt(ids[0]).getTags()).isEqualTo("A");
        MessageExt second = storedAt(ids[1]);
        assertThat(new String(second.getBody())).isEqualTo("two");
        assertThat(second.getQueueOffset()).isEqualTo(1);
        assertThat(MessageClientIDSetter.getUniqID(second)).isEqualTo(MessageClientIDSetter.getUniqID(messages.get(1)));
    }

    @Test
    void stampsTheConfiguredRegionAndTraceSwitch_onTheAnswerAndOnTheStoredMessage() {
        SendMessageHandler inEuWest = handlerOver(mb.store,
                new TraceSettings("eu-west", false, false, SystemTopics.TRACE_TOPIC));
        Message message = message("TopicTest", "TagA", "order-1", "hello");

        RemotingCommand response = inEuWest.handle(request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader("TopicTest", 2, message, false)), message.getBody()), TestPeer.client().context()).join();

        assertThat(response.extFields()).containsEntry("MSG_REGION", "eu-west").containsEntry("TRACE_ON", "false");
        MessageExt stored = storedAt(response.extFields().get("msgId"));
        assertThat(stored.getProperty("MSG_REGION")).isEqualTo("eu-west");
        assertThat(stored.getProperty("TRACE_ON")).isEqualTo("false");
        assertThat(stored.getProperty("CLUSTER")).isEqualTo("DefaultCluster");
    }

    @Test
    void answersMessageIllegal_forAMalformedBatchBody() {
        Message message = message("TopicTest", "A", null, "x");
        RemotingCommand response = handle(request(RequestCode.SEND_BATCH_MESSAGE,
                v2(sendHeader("TopicTest", 0, message, true)), new byte[] {0, 0, 0, 99, 1}));

        assertThat(response.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(response.extFields()).containsEntry("MSG_REGION", "DefaultRegion");
    }

    @Test
    void answersTheSendTableCodes_withARemarkAndTheExtFields() {
        Message message = message("SCHEDULE_TOPIC_XXXX", "A", null, "x");
        RemotingCommand forbidden = handle(request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader("SCHEDULE_TOPIC_XXXX", 0, message, false)), message.getBody()));
        assertThat(forbidden.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(forbidden.remark()).contains("forbidden");
        assertThat(forbidden.extFields()).containsEntry("TRACE_ON", "true");

        RemotingCommand badQueue = handle(request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader("TopicTest", 4, message, false)), message.getBody()));
        assertThat(badQueue.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);

        mb.store.shutdown();
        RemotingCommand stopped = handle(request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader("TopicTest", 0, message, false)), message.getBody()));
        assertThat(stopped.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
        assertThat(stopped.remark()).contains("service not available");
    }

    @Test
    void mapsEveryStoredStatus_toACodeTheClientCountsAsStored() {
        assertThat(SendMessageHandler.code(io.hexmq.application.message.SendMessage.Status.FLUSH_DISK_TIMEOUT))
                .isEqualTo(ResponseCode.FLUSH_DISK_TIMEOUT);
        assertThat(SendMessageHandler.code(io.hexmq.application.message.SendMessage.Status.SLAVE_NOT_AVAILABLE))
                .isEqualTo(ResponseCode.SLAVE_NOT_AVAILABLE);
        assertThat(SendMessageHandler.code(io.hexmq.application.message.SendMessage.Status.FLUSH_SLAVE_TIMEOUT))
                .isEqualTo(ResponseCode.FLUSH_SLAVE_TIMEOUT);
    }

    // ---------------------------------------------------------------- a store that completes later, or fails

    /**
     * {@link #mb}'s send use case over its store, but with the store's {@code appendAsync} answered by
     * {@code appendAsync}: what a store that completes its appends later (a replicated one) looks like.
     */
    private SendMessageHandler handlerOverAStoreWhoseAppends(
            Function<io.hexmq.domain.message.Message, CompletionStage<AppendResult>> appendAsync) {
        MessageStore store = (MessageStore) Proxy.newProxyInstance(MessageStore.class.getClassLoader(),
                new Class<?>[] {MessageStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("appendAsync")) {
                        return appendAsync.apply((io.hexmq.domain.message.Message) args[0]);
                    }
                    try {
                        return method.invoke(mb.store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        return handlerOver(store, mb.broker.trace);
    }

    private SendMessageHandler handlerOver(MessageStore store, TraceSettings trace) {
        return new SendMessageHandler(new SendMessage(mb.sendAdmission, new RetrySendRules(
                mb.broker.subscriptionGroupLookup, mb.broker.groupTopics, mb.broker.locks, mb.broker.clock), store,
                mb.uniqueKeys, mb.statistics, mb.broker.clock, mb.broker.settings, mb.settings, trace,
                mb.broker.outcomes, mb.broker.distributions), trace);
    }

    private static RemotingCommand aSend() {
        Message message = message("TopicTest", "TagA", "order-1", "hello");
        return request(RequestCode.SEND_MESSAGE_V2, v2(sendHeader("TopicTest", 2, message, false)),
                message.getBody());
    }

    @Test
    void answersOnceTheStoreCompletesTheAppend_notBefore_andWithoutWaitingOnTheHandlersThread() {
        CompletableFuture<AppendResult> appending = new CompletableFuture<>();
        List<io.hexmq.domain.message.Message> asked = new ArrayList<>();
        SendMessageHandler later = handlerOverAStoreWhoseAppends(message -> {
            asked.add(message);
            return appending;
        });

        CompletableFuture<RemotingCommand> answer = later.handle(aSend(), TestPeer.client().context());

        assertThat(answer).as("the handler returned while the store still holds the append").isNotDone();
        appending.complete(mb.store.append(asked.get(0)));
        assertThat(answer).isDone();
        RemotingCommand response = answer.join();
        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.extFields()).containsEntry("queueOffset", "0").containsEntry("queueId", "2");
        assertThat(storedAt(response.extFields().get("msgId")).getKeys()).isEqualTo("order-1");
    }

    @Test
    void answersAStoreFailure_alike_whetherTheStoreThrowsIt_orFailsTheAppendsStage() {
        StorageException failure = new StorageException("the commit log's disk is gone");
        RequestDispatcher throwing = dispatcher(handlerOverAStoreWhoseAppends(message -> {
            throw failure;
        }));
        RequestDispatcher failing = dispatcher(handlerOverAStoreWhoseAppends(
                message -> CompletableFuture.failedFuture(failure)));

        RemotingCommand thrown = throwing.dispatch(aSend(), TestPeer.client().context()).join();
        RemotingCommand failed = failing.dispatch(aSend(), TestPeer.client().context()).join();

        assertThat(thrown.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(thrown.remark()).contains("the commit log's disk is gone");
        assertThat(failed.code()).isEqualTo(thrown.code());
        assertThat(failed.remark()).isEqualTo(thrown.remark());
    }

    private static RequestDispatcher dispatcher(SendMessageHandler handler) {
        return RequestDispatcher.builder().register(RequestCode.SEND_MESSAGE_V2, handler, Runnable::run)
                .responseCodes(BrokerResponseCodes.create()).build();
    }
}

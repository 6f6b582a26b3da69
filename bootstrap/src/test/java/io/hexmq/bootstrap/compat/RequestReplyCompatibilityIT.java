package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.exception.RequestTimeoutException;
import org.apache.rocketmq.client.producer.RequestCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.utils.MessageUtil;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Request-reply as the official client does it: {@code DefaultMQProducer.request} sends a request, a
 * push consumer answers it with {@code MessageUtil.createReplyMessage} and an ordinary producer send
 * (which goes out as SEND_REPLY_MESSAGE_V2), and the broker pushes the reply back to the requester.
 *
 * <p>The official client 5.3.1 and later (5.3.3 here) ends a request once the request itself is sent
 * (apache/rocketmq#9319): the synchronous {@code request(msg, timeout)} then throws a
 * RequestTimeoutException at once, and a {@link RequestCallback} is called with {@code null} first and
 * with the reply when it arrives. So the reply body is checked through the callback, and the
 * synchronous call is checked for what this client can show: the broker confirms the responder's
 * reply only after the requester took it. The broker also stores the reply ({@code storeReplyMessageEnable}),
 * and the responder's SendResult says where, as for any sent message.
 */
class RequestReplyCompatibilityIT {

    private static final String TOPIC = "RequestTopic";
    private static final String REPLY_TOPIC = "DefaultCluster_REPLY_TOPIC";
    private static final long REQUEST_TIMEOUT_MILLIS = 20_000;

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    private DefaultMQProducer requester;
    private DefaultMQProducer replier;
    private final List<SendResult> replySends = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        requester = hexmq.clients().producer("pg-requester");
        hexmq.clients().createTopic(requester, hexmq.server().broker(), TOPIC, 1);
        replier = hexmq.clients().producer("pg-replier");
        DefaultMQPushConsumer responder = hexmq.clients().pushConsumer("cg-responder");
        responder.subscribe(TOPIC, "*");
        responder.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            try {
                for (MessageExt request : messages) {
                    String body = new String(request.getBody(), StandardCharsets.UTF_8);
                    Message reply = MessageUtil.createReplyMessage(request,
                            ("re: " + body).getBytes(StandardCharsets.UTF_8));
                    replySends.add(replier.send(reply, 10_000));
                }
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            } catch (Exception failed) {
                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
            }
        });
        responder.start();
    }

    /** Sends {@code request} with a {@link RequestCallback} and returns the reply it is called with. */
    private Message requestWithCallback(Message request) throws Exception {
        CompletableFuture<Message> replied = new CompletableFuture<>();
        requester.request(request, new RequestCallback() {
            @Override
            public void onSuccess(Message message) {
                if (message != null) { // null: only the request was sent (apache/rocketmq#9319)
                    replied.complete(message);
                }
            }

            @Override
            public void onException(Throwable e) {
                replied.completeExceptionally(e);
            }
        }, REQUEST_TIMEOUT_MILLIS);
        return replied.get(REQUEST_TIMEOUT_MILLIS + 5_000, TimeUnit.MILLISECONDS);
    }

    @Test
    void aRequestCallbackReceivesTheReplyOfTheResponder() throws Exception {
        Message request = new Message(TOPIC, "ping".getBytes(StandardCharsets.UTF_8));

        Message reply = requestWithCallback(request);
        assertThat(new String(reply.getBody(), StandardCharsets.UTF_8)).isEqualTo("re: ping");
        assertThat(reply.getTopic()).isEqualTo(REPLY_TOPIC);
        assertThat(reply.getProperty(MessageConst.PROPERTY_CORRELATION_ID))
                .isEqualTo(request.getProperty(MessageConst.PROPERTY_CORRELATION_ID));
        assertThat(reply.getProperty(MessageConst.PROPERTY_PUSH_REPLY_TIME)).isNotBlank();
        // The requester can hold the reply before the responder's send() has returned.
        Await.until("the responder's reply send to return", Duration.ofSeconds(30), () -> !replySends.isEmpty());
        assertThat(replySends).extracting(SendResult::getSendStatus).containsExactly(SendStatus.SEND_OK);
    }

    @Test
    void theRepliersSendResultNamesWhereTheBrokerStoredTheReply() throws Exception {
        requestWithCallback(new Message(TOPIC, "where".getBytes(StandardCharsets.UTF_8)));
        Await.until("the responder's reply send to return", Duration.ofSeconds(30), () -> !replySends.isEmpty());

        SendResult sent = replySends.get(0);
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(sent.getOffsetMsgId()).as("a stored reply's offset message id, not \"0\"").isNotEqualTo("0");
        MessageExt stored = replier.viewMessage(REPLY_TOPIC, sent.getOffsetMsgId());
        assertThat(new String(stored.getBody(), StandardCharsets.UTF_8)).isEqualTo("re: where");
        assertThat(stored.getTopic()).isEqualTo(REPLY_TOPIC);
        assertThat(stored.getQueueId()).isEqualTo(sent.getMessageQueue().getQueueId());
        assertThat(stored.getQueueOffset()).isEqualTo(sent.getQueueOffset());
        assertThat(stored.getMsgId()).as("the reply's UNIQ_KEY").isEqualTo(sent.getMsgId());
    }

    @Test
    void aSynchronousRequestIsSent_andItsReplyConfirmedByTheRequester() throws Exception {
        Message request = new Message(TOPIC, "sync ping".getBytes(StandardCharsets.UTF_8));

        // 5.3.3 gives up as soon as the request is stored (apache/rocketmq#9319); a fixed client returns the reply.
        assertThatThrownBy(() -> requester.request(request, REQUEST_TIMEOUT_MILLIS))
                .isInstanceOf(RequestTimeoutException.class)
                .hasMessageContaining("send request message to <" + TOPIC + "> OK");

        // The broker answers a reply's send with SEND_OK only once the requester confirmed the push.
        Await.until("the responder's reply", Duration.ofSeconds(30), () -> !replySends.isEmpty());
        assertThat(replySends).extracting(SendResult::getSendStatus).containsExactly(SendStatus.SEND_OK);
    }
}

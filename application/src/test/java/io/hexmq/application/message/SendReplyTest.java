package io.hexmq.application.message;

import static io.hexmq.application.message.MessageBroker.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.RecordingReplyPusher;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.Reply;
import io.hexmq.domain.message.ReplyOutcome;
import io.hexmq.domain.message.StoredMessage;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SendReplyTest {

    private static final String REPLY_TOPIC = "DefaultCluster_REPLY_TOPIC";
    private static final String REQUESTER = "10.0.0.9@requester";
    private static final ConnectionId REQUESTER_CONNECTION = new ConnectionId("requester-connection");

    private final MessageBroker mb = new MessageBroker();
    private final RecordingReplyPusher pusher = new RecordingReplyPusher();

    private SendReply sendReply(boolean storeReplies) {
        return new SendReply(mb.sendAdmission, mb.broker.producers, pusher, mb.store, mb.uniqueKeys, mb.statistics,
                mb.broker.clock, MessageBroker.STORE_HOST, mb.broker.settings, new ReplySettings(storeReplies), mb.broker.trace);
    }

    private void requesterHeartbeats() {
        mb.broker.producers.register(new GroupName("requesters"), new ClientConnection(new ConnectionId("other"),
                new ClientId("10.0.0.9@other"), "JAVA", 401, mb.broker.clock.millis()));
        mb.broker.producers.register(new GroupName("requesters"), new ClientConnection(REQUESTER_CONNECTION,
                new ClientId(REQUESTER), "JAVA", 401, mb.broker.clock.millis()));
    }

    private static SendMessage.Command reply(String topic, String replyTo, String body) {
        String properties = replyTo == null ? properties("CORRELATION_ID", "corr-1", "MSG_TYPE", "reply")
                : properties("CORRELATION_ID", "corr-1", "MSG_TYPE", "reply", Reply.REPLY_TO_CLIENT, replyTo);
        return new SendMessage.Command("replier-group", topic, "TBW102", 4, -1, 0, 1_234L, 3, properties, 0, false,
                OptionalInt.empty(), MessageBroker.PRODUCER, body.getBytes(), false, List.of());
    }

    private long storedReplies() {
        return mb.store.maxOffset(REPLY_TOPIC, 0);
    }

    @Test
    void pushesTheReply_toTheConnectionOfTheRequestingClient() {
        requesterHeartbeats();
        mb.broker.clock.set(5_000L);

        SendMessage.Result result = sendReply(true).reply(reply(REPLY_TOPIC, REQUESTER, "pong")).join();

        assertThat(result.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(pusher.pushes()).hasSize(1);
        RecordingReplyPusher.Push push = pusher.pushes().get(0);
        assertThat(push.requester()).isEqualTo(REQUESTER_CONNECTION);
        Reply pushed = push.reply();
        assertThat(new String(pushed.body())).isEqualTo("pong");
        assertThat(pushed.topic()).isEqualTo(REPLY_TOPIC);
        assertThat(pushed.producerGroup()).isEqualTo("replier-group");
        assertThat(pushed.flag()).isEqualTo(3);
        assertThat(pushed.bornTimestamp()).isEqualTo(1_234L);
        assertThat(pushed.bornHost()).isEqualTo(MessageBroker.PRODUCER);
        assertThat(pushed.storeHost()).isEqualTo(MessageBroker.STORE_HOST);
        assertThat(pushed.storeTimestamp()).isEqualTo(5_000L);
        assertThat(MessageProperties.decode(pushed.properties()))
                .containsEntry("CORRELATION_ID", "corr-1")
                .containsEntry(Reply.REPLY_TO_CLIENT, REQUESTER)
                .containsEntry(Reply.PUSH_REPLY_TIME, "5000");
    }

    @Test
    void storesTheReplyInItsReplyTopic_andAnswersWhereItIsStored_whenStoreReplyMessageEnable() {
        requesterHeartbeats();
        SendReply sendReply = sendReply(true);

        SendMessage.Result first = sendReply.reply(reply(REPLY_TOPIC, REQUESTER, "kept")).join();
        SendMessage.Result second = sendReply.reply(reply(REPLY_TOPIC, REQUESTER, "kept too")).join();

        assertThat(storedReplies()).isEqualTo(2);
        List<StoredMessage> stored = mb.store.read(REPLY_TOPIC, 0, 0, 2, MessageFilter.ALL).messages().stream()
                .map(StoredMessage::decode).toList();
        assertThat(new String(stored.get(0).body())).isEqualTo("kept");
        Map<String, String> properties = stored.get(0).propertyMap();
        assertThat(properties).containsEntry("CLUSTER", "DefaultCluster").containsKey("UNIQ_KEY")
                .containsEntry("CORRELATION_ID", "corr-1");
        assertThat(first.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(first.msgId()).isEqualTo(stored.get(0).offsetMessageId());
        assertThat(first.queueId()).isZero();
        assertThat(first.queueOffset()).isZero();
        assertThat(second.msgId()).isEqualTo(stored.get(1).offsetMessageId());
        assertThat(OffsetMessageId.decode(second.msgId()).commitLogOffset()).isEqualTo(stored.get(1).commitLogOffset());
        assertThat(second.queueOffset()).isEqualTo(1);
    }

    @Test
    void onlyPushesTheReply_andAnswersMsgIdZero_whenStoringRepliesIsOff() {
        requesterHeartbeats();

        SendMessage.Result result = sendReply(false).reply(reply(REPLY_TOPIC, REQUESTER, "gone")).join();

        assertThat(result.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(result.msgId()).isEqualTo("0");
        assertThat(result.queueId()).isZero();
        assertThat(result.queueOffset()).isZero();
        assertThat(pusher.pushes()).hasSize(1);
        assertThat(storedReplies()).isZero();
    }

    @Test
    void answersMsgIdZero_whenThePushWorkedButTheStoreRefusedTheReply() {
        requesterHeartbeats();
        mb.store.shutdown();

        SendMessage.Result result = sendReply(true).reply(reply(REPLY_TOPIC, REQUESTER, "pushed only")).join();

        assertThat(result.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(result.msgId()).isEqualTo("0");
        assertThat(result.queueOffset()).isZero();
        assertThat(pusher.pushes()).hasSize(1);
    }

    @Test
    void answersSystemError_whenNoConnectionIsKnownForTheRequester() {
        requesterHeartbeats();

        SendMessage.Result result = sendReply(true).reply(reply(REPLY_TOPIC, "10.0.0.9@nobody", "lost")).join();

        assertThat(result.status()).isEqualTo(SendMessage.Status.SYSTEM_ERROR);
        assertThat(result.remark()).contains("channel of <10.0.0.9@nobody> not found");
        assertThat(pusher.pushes()).isEmpty();
        assertThat(storedReplies()).as("stored all the same, as RocketMQ does").isEqualTo(1);
    }

    @Test
    void answersSystemError_whenThePushFailsOrTheConnectionIsGone() {
        requesterHeartbeats();
        SendReply sendReply = sendReply(false);

        pusher.answer(ReplyOutcome.FAILED);
        SendMessage.Result failed = sendReply.reply(reply(REPLY_TOPIC, REQUESTER, "x")).join();
        pusher.answer(ReplyOutcome.CONNECTION_GONE);
        SendMessage.Result gone = sendReply.reply(reply(REPLY_TOPIC, REQUESTER, "x")).join();

        assertThat(failed.status()).isEqualTo(SendMessage.Status.SYSTEM_ERROR);
        assertThat(failed.remark()).isEqualTo("push reply message to " + REQUESTER + " fail.");
        assertThat(gone.status()).isEqualTo(SendMessage.Status.SYSTEM_ERROR);
        assertThat(gone.remark()).contains("channel of <" + REQUESTER + "> not found");
    }

    @Test
    void answersSystemError_whenTheReplyNamesNoRequester() {
        SendMessage.Result result = sendReply(true).reply(reply(REPLY_TOPIC, null, "x")).join();

        assertThat(result.status()).isEqualTo(SendMessage.Status.SYSTEM_ERROR);
        assertThat(result.remark()).contains("REPLY_TO_CLIENT");
    }

    @Test
    void refusesAReply_withTheChecksOfASend_beforePushingOrStoring() {
        requesterHeartbeats();
        SendReply sendReply = sendReply(true);

        assertThat(sendReply.reply(reply("bad topic", REQUESTER, "x")).join().status())
                .isEqualTo(SendMessage.Status.INVALID_PARAMETER);
        assertThat(sendReply.reply(reply("SCHEDULE_TOPIC_XXXX", REQUESTER, "x")).join().status())
                .isEqualTo(SendMessage.Status.NO_PERMISSION);
        SendMessage.Result tooLarge = new SendReply(new MessageBroker(s -> s, new MessageSettings(2, true, 1000))
                .sendAdmission, mb.broker.producers, pusher, mb.store, mb.uniqueKeys, mb.statistics, mb.broker.clock,
                MessageBroker.STORE_HOST, mb.broker.settings, ReplySettings.defaults(), mb.broker.trace)
                .reply(reply(REPLY_TOPIC, REQUESTER, "too large")).join();
        assertThat(tooLarge.status()).isEqualTo(SendMessage.Status.MESSAGE_ILLEGAL);
        assertThat(pusher.pushes()).isEmpty();
        assertThat(storedReplies()).isZero();
    }
}

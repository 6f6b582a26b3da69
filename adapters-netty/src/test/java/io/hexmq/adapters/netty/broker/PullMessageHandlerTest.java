package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.decodes;
import static io.hexmq.adapters.netty.broker.OfficialRequests.message;
import static io.hexmq.adapters.netty.broker.OfficialRequests.pullHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static io.hexmq.adapters.netty.broker.OfficialRequests.sendHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.v2;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.junit.jupiter.api.Test;

class PullMessageHandlerTest {

    private static final String TOPIC = "TopicTest";
    private static final int PUSH_FLAGS = PullSysFlag.buildSysFlag(false, true, true, false);
    private static final int LITE_FLAGS = PullSysFlag.buildSysFlag(false, false, true, false, true);

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 2);
    private final SendMessageHandler send = new SendMessageHandler(mb.sendMessage, mb.broker.trace);
    private final PullMessageHandler handler = new PullMessageHandler(mb.pullMessages);

    private void sendTagged(int queueId, String tag, String body) {
        Message message = message(TOPIC, tag, null, body);
        RemotingCommand response = send.handle(request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader(TOPIC, queueId, message, false)), message.getBody()), TestPeer.client().context()).join();
        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
    }

    private CompletableFuture<RemotingCommand> pull(int code, long offset, int sysFlag, String subscription) {
        RemotingCommand request = request(code, pullHeader("CG", TOPIC, 0, offset, sysFlag, subscription), null)
                .withOpaque(77);
        return handler.handle(request, TestPeer.client().context());
    }

    private static List<String> bodies(RemotingCommand response) {
        return decodes(response.body()).stream().map(m -> new String(m.getBody())).toList();
    }

    @Test
    void answersFoundMessages_asStoredRecordsTheOfficialDecoderReads() {
        sendTagged(0, "TagA", "m0");
        sendTagged(0, "TagB", "m1");

        RemotingCommand response = pull(RequestCode.PULL_MESSAGE, 0, PUSH_FLAGS, "*").join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(77);
        assertThat(response.extFields()).containsEntry("suggestWhichBrokerId", "0")
                .containsEntry("nextBeginOffset", "2").containsEntry("minOffset", "0").containsEntry("maxOffset", "2");
        List<MessageExt> messages = decodes(response.body());
        assertThat(messages).extracting(MessageExt::getTags).containsExactly("TagA", "TagB");
        assertThat(messages).extracting(MessageExt::getQueueOffset).containsExactly(0L, 1L);
        assertThat(messages.get(1).getBornHost()).isEqualTo(TestPeer.CLIENT_ADDRESS);
    }

    @Test
    void answersLitePull_withTheSameHeader() {
        sendTagged(0, "TagA", "m0");
        sendTagged(0, "TagB", "m1");

        RemotingCommand response = pull(RequestCode.LITE_PULL_MESSAGE, 0, LITE_FLAGS, "TagB").join();

        assertThat(bodies(response)).containsExactly("m1");
    }

    @Test
    void answersNotFound_withTheOffsetHeader_whenNothingIsNewAndTheClientMayNotWait() {
        sendTagged(0, "TagA", "m0");

        RemotingCommand response = pull(RequestCode.PULL_MESSAGE, 1,
                PullSysFlag.buildSysFlag(false, false, true, false), "*").join();

        assertThat(response.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(response.extFields()).containsEntry("nextBeginOffset", "1").containsEntry("maxOffset", "1")
                .containsKeys("suggestWhichBrokerId", "minOffset");
        assertThat(response.body()).isEmpty();
    }

    @Test
    void answersOffsetMoved_andNoMatch_withTheirNextOffsets() {
        sendTagged(0, "TagA", "m0");

        RemotingCommand moved = pull(RequestCode.PULL_MESSAGE, 5, PUSH_FLAGS, "*").join();
        assertThat(moved.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
        assertThat(moved.extFields()).containsEntry("nextBeginOffset", "1");

        RemotingCommand noMatch = pull(RequestCode.PULL_MESSAGE, 0, PUSH_FLAGS, "TagZ").join();
        assertThat(noMatch.code()).isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
        assertThat(noMatch.extFields()).containsEntry("nextBeginOffset", "1");
    }

    @Test
    void holdsALongPollingPull_andAnswersItWhenAMessageArrives() {
        CompletableFuture<RemotingCommand> parked = pull(RequestCode.PULL_MESSAGE, 0, PUSH_FLAGS, "TagA");
        assertThat(parked).isNotDone();

        sendTagged(0, "TagB", "ignored");
        mb.pullExecutor.runAll();
        assertThat(parked).as("a message with another tag does not wake the pull").isNotDone();

        sendTagged(0, "TagA", "wanted");
        mb.pullExecutor.runAll();

        RemotingCommand response = parked.join();
        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(77);
        assertThat(bodies(response)).containsExactly("wanted");
        assertThat(response.extFields()).containsEntry("nextBeginOffset", "2");
    }

    @Test
    void answersAHeldPullWithNotFound_whenItsSuspendTimeoutPasses() {
        CompletableFuture<RemotingCommand> parked = pull(RequestCode.PULL_MESSAGE, 0, PUSH_FLAGS, "*");

        mb.broker.clock.advanceMillis(15_000);
        mb.longPolling.expireDue();
        mb.pullExecutor.runAll();

        RemotingCommand response = parked.join();
        assertThat(response.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(response.extFields()).containsEntry("nextBeginOffset", "0").containsEntry("maxOffset", "0")
                .containsKeys("suggestWhichBrokerId", "minOffset");
    }

    @Test
    void refusesBeforeTheStore_withTheCodesOfThePullTable() {
        RemotingCommand missingTopic = handler.handle(request(RequestCode.PULL_MESSAGE,
                pullHeader("CG", "Missing", 0, 0, PUSH_FLAGS, "*"), null), TestPeer.client().context()).join();
        assertThat(missingTopic.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);

        RemotingCommand badQueue = handler.handle(request(RequestCode.PULL_MESSAGE,
                pullHeader("CG", TOPIC, 7, 0, PUSH_FLAGS, "*"), null), TestPeer.client().context()).join();
        assertThat(badQueue.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);

        RemotingCommand noSubscription = handler.handle(request(RequestCode.PULL_MESSAGE,
                pullHeader("CG", TOPIC, 0, 0, PullSysFlag.buildSysFlag(false, true, false, false), null), null),
                TestPeer.client().context()).join();
        assertThat(noSubscription.code()).isEqualTo(ResponseCode.SUBSCRIPTION_NOT_EXIST);
        assertThat(noSubscription.remark()).contains("CG");
    }
}

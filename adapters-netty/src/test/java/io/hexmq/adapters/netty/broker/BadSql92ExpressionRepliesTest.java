package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.pullHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.consumer.CheckClientConfig;
import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.util.function.UnaryOperator;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.apache.rocketmq.remoting.protocol.body.CheckClientRequestBody;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;

/**
 * What the broker answers, request by request, to a consumer whose SQL92 expression does not compile,
 * with the official client's bodies and headers, as RocketMQ 5 answers: CHECK_CLIENT_CONFIG (which the
 * official consumers send before they start) refuses it with SUBSCRIPTION_PARSE_FAILED and the parser's
 * reason; HEART_BEAT still succeeds; a pull by that heartbeat subscription answers FILTER_DATA_NOT_EXIST
 * (the filter could not be registered), also when property filtering is off; a pull carrying the
 * expression answers SUBSCRIPTION_PARSE_FAILED.
 */
class BadSql92ExpressionRepliesTest {

    private static final String TOPIC = "TopicTest";
    private static final String GROUP = "CG";
    private static final String BAD = "a IN (1)";
    private static final long SUB_VERSION = 1_700_000_000_000L;
    /** What DefaultMQPushConsumerImpl sends: commit offset, suspend, no subscription (the heartbeat's is used). */
    private static final int PUSH_FLAGS = PullSysFlag.buildSysFlag(true, true, false, false);
    /** What DefaultLitePullConsumerImpl sends: the subscription travels with the pull. */
    private static final int LITE_FLAGS = PullSysFlag.buildSysFlag(false, false, true, false, true);

    private static final class Broker {

        final MessageBroker mb;
        final HeartbeatHandler heartbeat;
        final CheckClientConfigHandler checkClientConfig;
        final PullMessageHandler pull;

        Broker(UnaryOperator<BrokerSettings> settings) {
            mb = new MessageBroker(settings, MessageSettings.defaults()).withTopic(TOPIC, 1);
            heartbeat = new HeartbeatHandler(mb.broker.recordHeartbeat, new ClientChannels());
            checkClientConfig = new CheckClientConfigHandler(new CheckClientConfig(mb.broker.liveSettings));
            pull = new PullMessageHandler(mb.pullMessages);
        }
    }

    private final Broker enabled = new Broker(s -> s.withEnablePropertyFilter(true));

    private static SubscriptionData badSubscription() {
        SubscriptionData subscription = new SubscriptionData(TOPIC, BAD);
        subscription.setExpressionType("SQL92");
        subscription.setSubVersion(SUB_VERSION);
        return subscription;
    }

    private static RemotingCommand officialHeartbeat() {
        ConsumerData consumer = new ConsumerData();
        consumer.setGroupName(GROUP);
        consumer.setConsumeType(ConsumeType.CONSUME_PASSIVELY);
        consumer.setMessageModel(MessageModel.CLUSTERING);
        consumer.setConsumeFromWhere(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
        consumer.getSubscriptionDataSet().add(badSubscription());
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID("10.0.0.5@111#1");
        heartbeat.getConsumerDataSet().add(consumer);
        return RemotingCommand.request(RequestCode.HEART_BEAT).version(OfficialRequests.V4_9_4)
                .body(heartbeat.encode()).build();
    }

    private static RemotingCommand officialCheck() {
        CheckClientRequestBody body = new CheckClientRequestBody();
        body.setClientId("10.0.0.5@111#1");
        body.setGroup(GROUP);
        body.setSubscriptionData(badSubscription());
        return RemotingCommand.request(RequestCode.CHECK_CLIENT_CONFIG).version(OfficialRequests.V4_9_4)
                .body(body.encode()).build();
    }

    private static RemotingCommand officialPull(int code, int sysFlag, String subscription) {
        PullMessageRequestHeader header = pullHeader(GROUP, TOPIC, 0, 0, sysFlag, subscription);
        header.setExpressionType("SQL92");
        header.setSubVersion(SUB_VERSION);
        return request(code, header, null);
    }

    @Test
    void checkClientConfig_refusesTheExpression_withParseFailedAndTheParsersReason() {
        RemotingCommand response = enabled.checkClientConfig.handle(officialCheck(), TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(response.remark()).startsWith("Invalid SQL92 expression at column")
                .contains("expected a string literal in the IN list, found number 1");
    }

    @Test
    void heartbeat_succeeds_andAPullByItsSubscription_answersFilterDataNotExist() {
        RemotingCommand heartbeat = enabled.heartbeat.handle(officialHeartbeat(), TestPeer.client().context()).join();
        RemotingCommand pulled = enabled.pull.handle(officialPull(RequestCode.PULL_MESSAGE, PUSH_FLAGS, null),
                TestPeer.client().context()).join();

        assertThat(heartbeat.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(pulled.code()).isEqualTo(ResponseCode.FILTER_DATA_NOT_EXIST).isEqualTo(27);
        assertThat(pulled.remark()).startsWith("the broker has no filter for the consumer's SQL92 subscription, its "
                + "expression may be wrong, group: CG, topic: TopicTest: Invalid SQL92 expression at column")
                .contains("found number 1");
        assertThat(pulled.extFields()).doesNotContainKey("nextBeginOffset");
    }

    @Test
    void aPullByTheHeartbeatsSubscription_answersFilterDataNotExist_evenWhenPropertyFilteringIsOff() {
        Broker disabled = new Broker(UnaryOperator.identity());
        disabled.heartbeat.handle(officialHeartbeat(), TestPeer.client().context()).join();

        RemotingCommand pulled = disabled.pull.handle(officialPull(RequestCode.PULL_MESSAGE, PUSH_FLAGS, null),
                TestPeer.client().context()).join();

        assertThat(pulled.code()).isEqualTo(ResponseCode.FILTER_DATA_NOT_EXIST);
    }

    @Test
    void aPullCarryingTheExpression_answersParseFailed() {
        RemotingCommand pulled = enabled.pull.handle(officialPull(RequestCode.LITE_PULL_MESSAGE, LITE_FLAGS, BAD),
                TestPeer.client().context()).join();

        assertThat(pulled.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(pulled.remark()).contains("found number 1");
    }
}

package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.decodes;
import static io.hexmq.adapters.netty.broker.OfficialRequests.message;
import static io.hexmq.adapters.netty.broker.OfficialRequests.pullHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static io.hexmq.adapters.netty.broker.OfficialRequests.sendHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.v2;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.CheckClientConfig;
import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.apache.rocketmq.remoting.protocol.body.CheckClientRequestBody;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;

/** CHECK_CLIENT_CONFIG with the official client's body, and an SQL92 pull through the pull handler. */
class CheckClientConfigHandlerTest {

    private static final String TOPIC = "TopicTest";

    private final CheckClientConfigHandler enabled = new CheckClientConfigHandler(
            new CheckClientConfig(new LiveBrokerSettings(TestBroker.DEFAULTS.withEnablePropertyFilter(true))));
    private final CheckClientConfigHandler disabled = new CheckClientConfigHandler(
            new CheckClientConfig(new LiveBrokerSettings(TestBroker.DEFAULTS)));

    /** What MQClientAPIImpl.checkClientInBroker sends. */
    private static RemotingCommand officialCheck(String expressionType, String expression) {
        CheckClientRequestBody body = new CheckClientRequestBody();
        body.setClientId("10.0.0.5@111#1");
        body.setGroup("CG");
        SubscriptionData subscription = new SubscriptionData(TOPIC, expression);
        subscription.setExpressionType(expressionType);
        subscription.setSubVersion(1_700_000_000_000L);
        body.setSubscriptionData(subscription);
        return RemotingCommand.request(RequestCode.CHECK_CLIENT_CONFIG).version(OfficialRequests.V4_9_4)
                .body(body.encode()).build().withOpaque(9);
    }

    @Test
    void acceptsACompilingSql92Subscription() {
        RemotingCommand response = enabled.handle(officialCheck("SQL92", "a > 5 AND b IN ('x','y')"),
                TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(9);
    }

    @Test
    void refusesABadExpression_withParseFailedAndTheReason() {
        RemotingCommand response = enabled.handle(officialCheck("SQL92", "a > 'x'"), TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(response.remark()).isEqualTo("Invalid SQL92 expression at column 3: 'x' cannot be compared "
                + "with '>': only numbers are ordered (expression: a > 'x')");
    }

    @Test
    void refusesSql92_whenPropertyFilteringIsOff_withRocketMqsRemark() {
        RemotingCommand response = disabled.handle(officialCheck("SQL92", "a > 5"), TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("The broker does not support consumer to filter message by SQL92");
    }

    @Test
    void acceptsTagSubscriptions_andBodiesWithoutASubscription() {
        assertThat(disabled.handle(officialCheck("TAG", "TagA"), TestPeer.client().context()).join().code())
                .isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand empty = RemotingCommand.request(RequestCode.CHECK_CLIENT_CONFIG).build();
        assertThat(disabled.handle(empty, TestPeer.client().context()).join().code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand noSubscription = RemotingCommand.request(RequestCode.CHECK_CLIENT_CONFIG)
                .body("{\"clientId\":\"ip@1\",\"group\":\"CG\"}".getBytes(StandardCharsets.UTF_8)).build();
        assertThat(enabled.handle(noSubscription, TestPeer.client().context()).join().code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void pullsWithAnSql92Subscription_filteredOnTheBroker() {
        MessageBroker mb = new MessageBroker(s -> s.withEnablePropertyFilter(true), MessageSettings.defaults())
                .withTopic(TOPIC, 1);
        SendMessageHandler send = new SendMessageHandler(mb.sendMessage, mb.broker.trace);
        PullMessageHandler pull = new PullMessageHandler(mb.pullMessages);
        for (int a = 0; a < 4; a++) {
            Message message = message(TOPIC, "TagA", null, "m" + a);
            message.putUserProperty("a", Integer.toString(a));
            send.handle(request(RequestCode.SEND_MESSAGE_V2, v2(sendHeader(TOPIC, 0, message, false)),
                    message.getBody()), TestPeer.client().context()).join();
        }
        PullMessageRequestHeader header = pullHeader("CG", TOPIC, 0, 0,
                PullSysFlag.buildSysFlag(false, false, true, false, true), "a BETWEEN 1 AND 2");
        header.setExpressionType("SQL92");

        RemotingCommand response = pull.handle(request(RequestCode.LITE_PULL_MESSAGE, header, null),
                TestPeer.client().context()).join();
        header.setSubscription("a BETWEEN 2 AND 1");
        RemotingCommand refused = pull.handle(request(RequestCode.LITE_PULL_MESSAGE, header, null),
                TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(decodes(response.body())).extracting(m -> m.getUserProperty("a")).containsExactly("1", "2");
        assertThat(response.extFields()).containsEntry("nextBeginOffset", "4");
        assertThat(refused.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(refused.remark()).contains("the lower bound of BETWEEN (2) must be less than or equal to the upper "
                + "bound (1)");
    }
}

package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.topic.GetTopicConfig;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import org.apache.rocketmq.common.TopicFilterType;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicConfigAndQueueMapping;
import org.apache.rocketmq.remoting.protocol.subscription.GroupRetryPolicyType;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.junit.jupiter.api.Test;

/** GET_TOPIC_CONFIG and GET_SUBSCRIPTIONGROUP_CONFIG, their bodies decoded by the official classes. */
class TopicAndGroupConfigHandlersTest {

    private final BrokerHandlers handlers = new BrokerHandlers();
    private final TestBroker broker = handlers.broker;
    private final TestPeer admin = new TestPeer("conn-admin", 41_000);
    private final RequestDispatcher dispatcher = RequestDispatcher.builder()
            .responseCodes(BrokerResponseCodes.create())
            .register(RequestCode.GET_TOPIC_CONFIG,
                    new GetTopicConfigHandler(new GetTopicConfig(broker.topics)), Runnable::run)
            .register(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG,
                    new GetSubscriptionGroupConfigHandler(broker.getSubscriptionGroup), Runnable::run)
            .build();

    private RemotingCommand call(RemotingCommand.Builder request) {
        return dispatcher.dispatch(request.build(), new RequestContext(admin)).join();
    }

    private static RemotingCommand.Builder topicConfig(String topic) {
        return RemotingCommand.request(RequestCode.GET_TOPIC_CONFIG).extField("topic", topic).extField("lo", false);
    }

    private static RemotingCommand.Builder groupConfig(String group) {
        return RemotingCommand.request(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG).extField("group", group);
    }

    @Test
    void topicConfig_answersTheTopicAsCreated() {
        RemotingCommand created = handlers.call(RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_TOPIC)
                .extField("topic", "OrdersTopic").extField("defaultTopic", "TBW102").extField("readQueueNums", 2)
                .extField("writeQueueNums", 3).extField("perm", 6).extField("topicFilterType", "MULTI_TAG")
                .extField("topicSysFlag", 0).extField("order", true).build(), admin);
        assertThat(created.code()).isEqualTo(ResponseCode.SUCCESS);

        RemotingCommand response = call(topicConfig("OrdersTopic"));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        TopicConfigAndQueueMapping config = RemotingSerializable.decode(response.body(),
                TopicConfigAndQueueMapping.class);
        assertThat(config.getTopicName()).isEqualTo("OrdersTopic");
        assertThat(config.getReadQueueNums()).isEqualTo(2);
        assertThat(config.getWriteQueueNums()).isEqualTo(3);
        assertThat(config.getPerm()).isEqualTo(6);
        assertThat(config.getTopicFilterType()).isEqualTo(TopicFilterType.MULTI_TAG);
        assertThat(config.isOrder()).isTrue();
        assertThat(config.getMappingDetail()).isNull();
    }

    @Test
    void topicConfig_ofATopicNotHostedHere_isTopicNotExist_namingIt() {
        RemotingCommand response = call(topicConfig("Nowhere"));

        assertThat(response.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(response.remark()).isEqualTo("No topic in this broker. topic: Nowhere");
        assertThat(response.body()).isEmpty();
    }

    @Test
    void groupConfig_answersTheGroupAsCreated() {
        SubscriptionGroupConfig sent = new SubscriptionGroupConfig();
        sent.setGroupName("cg-orders");
        sent.setRetryMaxTimes(5);
        sent.setConsumeMessageOrderly(true);
        RemotingCommand created = handlers.call(RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP)
                .body(RemotingSerializable.encode(sent)).build(), admin);
        assertThat(created.code()).isEqualTo(ResponseCode.SUCCESS);

        RemotingCommand response = call(groupConfig("cg-orders"));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        SubscriptionGroupConfig config = RemotingSerializable.decode(response.body(), SubscriptionGroupConfig.class);
        assertThat(config.getGroupName()).isEqualTo("cg-orders");
        assertThat(config.getRetryMaxTimes()).isEqualTo(5);
        assertThat(config.isConsumeMessageOrderly()).isTrue();
        assertThat(config.isConsumeEnable()).isTrue();
        // written out, as RocketMQ writes it, not only the official class's default
        assertThat(new String(response.body(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("\"groupRetryPolicy\":{\"type\":\"CUSTOMIZED\"}");
        assertThat(config.getGroupRetryPolicy().getType()).isEqualTo(GroupRetryPolicyType.CUSTOMIZED);
    }

    @Test
    void groupConfig_ofAnUnknownGroup_createsItWithTheDefaults_whenGroupsAreAutoCreated() {
        RemotingCommand response = call(groupConfig("cg-unknown"));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        SubscriptionGroupConfig config = RemotingSerializable.decode(response.body(), SubscriptionGroupConfig.class);
        assertThat(config.getGroupName()).isEqualTo("cg-unknown");
        assertThat(config.getRetryMaxTimes()).isEqualTo(16);
        assertThat(broker.subscriptionGroups.find(new GroupName("cg-unknown"))).isPresent();
    }

    @Test
    void groupConfig_ofAnUnknownGroup_isSubscriptionGroupNotExist_andCreatesNothing_whenGroupsAreNotAutoCreated() {
        TestBroker strict = new TestBroker(settings -> TestBroker.withAutoCreate(settings, true, false));
        RequestDispatcher strictDispatcher = RequestDispatcher.builder()
                .responseCodes(BrokerResponseCodes.create())
                .register(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG,
                        new GetSubscriptionGroupConfigHandler(strict.getSubscriptionGroup), Runnable::run)
                .build();

        RemotingCommand response = strictDispatcher.dispatch(groupConfig("cg-unknown").build(),
                new RequestContext(admin)).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(response.remark()).contains("cg-unknown");
        assertThat(strict.subscriptionGroups.find(new GroupName("cg-unknown"))).isEmpty();
    }
}

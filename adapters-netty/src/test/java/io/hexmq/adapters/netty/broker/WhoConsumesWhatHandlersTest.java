package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.CommitConsumerOffset;
import io.hexmq.application.consumer.GetGroupSubscription;
import io.hexmq.application.consumer.GetGroupsConsumingTopic;
import io.hexmq.application.consumer.GetTopicsConsumedByGroup;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.PoppingGroups;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.apache.rocketmq.remoting.protocol.body.GroupList;
import org.apache.rocketmq.remoting.protocol.body.QuerySubscriptionResponseBody;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.junit.jupiter.api.Test;

/**
 * QUERY_TOPIC_CONSUME_BY_WHO, QUERY_TOPICS_BY_CONSUMER and QUERY_SUBSCRIPTION_BY_CONSUMER, their bodies decoded
 * by the official classes.
 */
class WhoConsumesWhatHandlersTest {

    private final TestBroker broker = new TestBroker();
    private final PoppingGroups poppingGroups = new PoppingGroups();
    private final RequestDispatcher dispatcher = RequestDispatcher.builder()
            .responseCodes(BrokerResponseCodes.create())
            .register(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, new QueryTopicConsumeByWhoHandler(
                    new GetGroupsConsumingTopic(broker.consumers, broker.offsets)), Runnable::run)
            .register(RequestCode.QUERY_TOPICS_BY_CONSUMER, new QueryTopicsByConsumerHandler(
                    new GetTopicsConsumedByGroup(broker.consumers, broker.offsets),
                    new BrokerAddress("10.0.0.1:10911")), Runnable::run)
            .register(RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER, new QuerySubscriptionByConsumerHandler(
                    new GetGroupSubscription(broker.consumers, poppingGroups, broker.clock)), Runnable::run)
            .build();

    private RemotingCommand call(RemotingCommand.Builder request) {
        return dispatcher.dispatch(request.build(), new TestPeer("conn-admin", 41_000).context()).join();
    }

    private void commit(String group, String topic) {
        broker.topics.put(TopicConfig.of(new TopicName(topic), 1, 1, Permission.READ_WRITE), TestBroker.START,
                ignored -> { });
        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(new GroupName(group),
                new TopicName(topic), 0, 1));
    }

    @Test
    void topicConsumeByWho_answersAGroupList() {
        commit("CG-b", "TopicTest");
        commit("CG-a", "TopicTest");
        commit("CG-c", "Other");

        RemotingCommand response = call(RemotingCommand.request(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO)
                .extField("topic", "TopicTest"));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"groupList\":[\"CG-a\",\"CG-b\"]}");
        assertThat(GroupList.decode(response.body(), GroupList.class).getGroupList())
                .containsExactlyInAnyOrder("CG-a", "CG-b");
    }

    @Test
    void topicsByConsumer_answersATopicListWithThisBrokersAddress() {
        commit("CG-a", "TopicTest");
        commit("CG-a", "Other");

        RemotingCommand response = call(RemotingCommand.request(RequestCode.QUERY_TOPICS_BY_CONSUMER)
                .extField("group", "CG-a"));
        RemotingCommand unknown = call(RemotingCommand.request(RequestCode.QUERY_TOPICS_BY_CONSUMER)
                .extField("group", "CG-nobody"));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        TopicList list = TopicList.decode(response.body(), TopicList.class);
        assertThat(list.getTopicList()).containsExactlyInAnyOrder("TopicTest", "Other");
        assertThat(list.getBrokerAddr()).isEqualTo("10.0.0.1:10911");
        assertThat(unknown.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(TopicList.decode(unknown.body(), TopicList.class).getTopicList()).isEmpty();
    }

    @Test
    void subscriptionByConsumer_answersWhatAPopOnlyGroupPopped_andNoSubscriptionForAnUnknownOne() {
        TopicName topic = new TopicName("TopicTest");
        GroupName group = new GroupName("CG-pop");
        long now = broker.clock.millis();
        poppingGroups.recordPop(group, new Subscription(topic, "A || B", Set.of("A", "B"),
                Set.of("A".hashCode(), "B".hashCode()), now, ExpressionType.TAG), Subscription.all(
                group.popRetryTopic(topic), now));

        RemotingCommand popped = call(RemotingCommand.request(RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER)
                .extField("group", "CG-pop").extField("topic", "TopicTest"));
        RemotingCommand unknown = call(RemotingCommand.request(RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER)
                .extField("group", "CG-nobody").extField("topic", "TopicTest"));

        assertThat(popped.code()).isEqualTo(ResponseCode.SUCCESS);
        QuerySubscriptionResponseBody body = QuerySubscriptionResponseBody.decode(popped.body(),
                QuerySubscriptionResponseBody.class);
        assertThat(body.getGroup()).isEqualTo("CG-pop");
        assertThat(body.getTopic()).isEqualTo("TopicTest");
        assertThat(body.getSubscriptionData().getSubString()).isEqualTo("A || B");
        assertThat(body.getSubscriptionData().getTagsSet()).containsExactlyInAnyOrder("A", "B");
        assertThat(body.getSubscriptionData().getExpressionType()).isEqualTo("TAG");
        assertThat(unknown.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(QuerySubscriptionResponseBody.decode(unknown.body(), QuerySubscriptionResponseBody.class)
                .getSubscriptionData()).isNull();
    }

    @Test
    void missingHeaders_areAnsweredAsErrors_namingTheField() {
        RemotingCommand response = call(RemotingCommand.request(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO));

        assertThat(response.code()).isNotEqualTo(ResponseCode.SUCCESS);
        assertThat(response.remark()).contains("topic");
    }
}

package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.CreateOrUpdateSubscriptionGroup;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.body.ResetOffsetBody;
import org.junit.jupiter.api.Test;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET naming one queue, as {@code mqadmin resetOffsetByTime -b -q -o} sends it after
 * committing the offset itself: the queue alone is reset, with nobody online, and answered in the official body.
 */
class ResetOneQueueHandlerTest {

    private static final String TOPIC = "ResetTopic";
    private static final String GROUP = "ResetGroup";

    private final BrokerHandlers handlers = new BrokerHandlers();
    private final TestBroker broker = handlers.broker;

    ResetOneQueueHandlerTest() {
        broker.topics.put(TopicConfig.of(new TopicName(TOPIC), 2, 2, Permission.READ_WRITE), TestBroker.START,
                ignored -> { });
        for (int i = 0; i < 3; i++) {
            broker.messageStore.append(Message.builder(TOPIC, 1, new byte[] {1}).build());
        }
    }

    private RemotingCommand reset(int queueId, long offset) {
        return handlers.call(RemotingCommand.request(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET)
                .extField("topic", TOPIC).extField("group", GROUP).extField("timestamp", System.currentTimeMillis())
                .extField("isForce", true).extField("queueId", queueId).extField("offset", offset).build(),
                new TestPeer("conn-admin", 41_000));
    }

    @Test
    void resetsTheNamedQueue_withNobodyOnline_andAnswersItsOffset() {
        broker.createOrUpdateSubscriptionGroup.createOrUpdate(new CreateOrUpdateSubscriptionGroup.Command(
                SubscriptionGroupConfig.defaults(new GroupName(GROUP))));

        RemotingCommand response = reset(1, 2);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(ResetOffsetBody.decode(response.body(), ResetOffsetBody.class).getOffsetTable())
                .isEqualTo(Map.of(new MessageQueue(TOPIC, "broker-a", 1), 2L));
        assertThat(broker.offsets.find(new TopicGroup(new TopicName(TOPIC), new GroupName(GROUP)), 1)).hasValue(2);
    }

    @Test
    void refusesAGroupWithoutConfig_andAnOffsetPastTheQueue() {
        assertThat(reset(1, 1).code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        broker.createOrUpdateSubscriptionGroup.createOrUpdate(new CreateOrUpdateSubscriptionGroup.Command(
                SubscriptionGroupConfig.defaults(new GroupName(GROUP))));

        RemotingCommand response = reset(1, 9);

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("Target offset 9 not in consume queue range [0-3]");
    }
}

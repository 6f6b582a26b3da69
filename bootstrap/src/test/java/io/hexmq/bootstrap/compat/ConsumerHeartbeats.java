package io.hexmq.bootstrap.compat;

import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;

/** A pull consumer's heartbeat as the official client builds it, for tests that send one by hand. */
final class ConsumerHeartbeats {

    private ConsumerHeartbeats() {
    }

    /** {@code clientId}'s heartbeat for {@code group}, clustering, subscribed to every tag of {@code topic}. */
    static HeartbeatData of(String clientId, String group, String topic) {
        ConsumerData consumer = new ConsumerData();
        consumer.setGroupName(group);
        consumer.setConsumeType(ConsumeType.CONSUME_PASSIVELY);
        consumer.setMessageModel(MessageModel.CLUSTERING);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.getSubscriptionDataSet().add(new SubscriptionData(topic, "*"));
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID(clientId);
        heartbeat.getConsumerDataSet().add(consumer);
        return heartbeat;
    }
}

package io.hexmq.bootstrap.compat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.AckCallback;
import org.apache.rocketmq.client.consumer.AckResult;
import org.apache.rocketmq.client.consumer.AckStatus;
import org.apache.rocketmq.client.consumer.PopCallback;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.header.AckMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader;

/**
 * The official 5.x client's own POP and ACK calls on one broker, through a started client's
 * {@link MQClientAPIImpl}: for what its push consumer does not do by itself (orderly POP, holding messages
 * unacked across a restart).
 */
final class OfficialPopCalls {

    private final MQClientAPIImpl api;
    private final String brokerName;
    private final String brokerAddress;

    OfficialPopCalls(DefaultMQProducer via, String brokerName, String brokerAddress) {
        this.api = via.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        this.brokerName = brokerName;
        this.brokerAddress = brokerAddress;
    }

    /** Pops without waiting; a new group starts at the queue's start. */
    PopResult pop(String group, String topic, int queueId, int max, long invisibleTime, boolean order) {
        return pop(group, topic, queueId, max, invisibleTime, order, null);
    }

    /** Pops as {@link #pop(String, String, int, int, long, boolean)}, for the receive {@code attemptId} names. */
    PopResult pop(String group, String topic, int queueId, int max, long invisibleTime, boolean order,
            String attemptId) {
        PopMessageRequestHeader header = new PopMessageRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        header.setQueueId(queueId);
        header.setMaxMsgNums(max);
        header.setInvisibleTime(invisibleTime);
        header.setInitMode(0);
        header.setOrder(order);
        header.setAttemptId(attemptId);
        header.setBrokerName(brokerName);
        CompletableFuture<PopResult> result = new CompletableFuture<>();
        try {
            api.popMessageAsync(brokerName, brokerAddress, header, 5_000, new PopCallback() {
                @Override
                public void onSuccess(PopResult popResult) {
                    result.complete(popResult);
                }

                @Override
                public void onException(Throwable e) {
                    result.completeExceptionally(e);
                }
            });
            return result.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("POP failed", e);
        }
    }

    /** Acks a popped message as the push consumer does: with its checkpoint info, on its real topic. */
    AckStatus ack(String group, String topic, MessageExt message) throws Exception {
        String extraInfo = message.getProperty(MessageConst.PROPERTY_POP_CK);
        String[] fields = ExtraInfoUtil.split(extraInfo);
        AckMessageRequestHeader header = new AckMessageRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(ExtraInfoUtil.getRealTopic(fields, topic, group));
        header.setQueueId(ExtraInfoUtil.getQueueId(fields));
        header.setOffset(ExtraInfoUtil.getQueueOffset(fields));
        header.setExtraInfo(extraInfo);
        header.setBrokerName(brokerName);
        CompletableFuture<AckResult> result = new CompletableFuture<>();
        api.ackMessageAsync(brokerAddress, 5_000, new AckCallback() {
            @Override
            public void onSuccess(AckResult ackResult) {
                result.complete(ackResult);
            }

            @Override
            public void onException(Throwable e) {
                result.completeExceptionally(e);
            }
        }, header);
        return result.get(10, TimeUnit.SECONDS).getStatus();
    }
}

package io.hexmq.client.internal.consumer;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.producer.SendRequests;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.client.internal.remote.MessageDecoding;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.PullSysFlag;
import io.hexmq.remoting.header.ConsumerGroupHeader;
import io.hexmq.remoting.header.ConsumerOffsetHeader;
import io.hexmq.remoting.header.ConsumerSendMsgBackHeader;
import io.hexmq.remoting.header.OffsetResponseHeader;
import io.hexmq.remoting.header.PullMessageHeader;
import io.hexmq.remoting.header.PullMessageResponseHeader;
import io.hexmq.remoting.header.QueueOffsetHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The broker requests consumers make (protocol.md §2.3.3, §2.3.8–2.3.11), each sent to the master of
 * the queue's broker group, with the SDK's error model: a refusal fails the future with the broker's
 * code and remark, a missing master with {@link HexmqClientException#NO_ROUTE}.
 */
public final class ConsumerCalls {

    private final ClientInstance instance;

    public ConsumerCalls(ClientInstance instance) {
        this.instance = Objects.requireNonNull(instance, "instance");
    }

    /** What a pull asks for; {@code expression} is sent only with {@link PullSysFlag#SUBSCRIPTION}. */
    public record PullSpec(String group, MessageQueue queue, long offset, int maxMessages, int sysFlag, long commitOffset,
                    long suspendMillis, String expression, long subVersion, long timeoutMillis) {
    }

    public CompletableFuture<PullResult> pull(PullSpec spec) {
        RemotingCommand.Builder request = RemotingCommand.request(RequestCode.PULL_MESSAGE)
                .extField(PullMessageHeader.CONSUMER_GROUP, spec.group())
                .extField(PullMessageHeader.TOPIC, spec.queue().topic())
                .extField(PullMessageHeader.QUEUE_ID, spec.queue().queueId())
                .extField(PullMessageHeader.QUEUE_OFFSET, spec.offset())
                .extField(PullMessageHeader.MAX_MSG_NUMS, spec.maxMessages())
                .extField(PullMessageHeader.SYS_FLAG, spec.sysFlag())
                .extField(PullMessageHeader.COMMIT_OFFSET, spec.commitOffset())
                .extField(PullMessageHeader.SUSPEND_TIMEOUT_MILLIS, spec.suspendMillis())
                .extField(PullMessageHeader.SUB_VERSION, spec.subVersion())
                .extField(PullMessageHeader.EXPRESSION_TYPE, "TAG");
        if ((spec.sysFlag() & PullSysFlag.SUBSCRIPTION) != 0) {
            request.extField(PullMessageHeader.SUBSCRIPTION, spec.expression());
        }
        return invoke(spec.queue(), request.build(), spec.timeoutMillis()).thenApply(ConsumerCalls::pullResult);
    }

    static PullResult pullResult(RemotingCommand response) {
        PullResult.Status status = switch (response.code()) {
            case ResponseCode.SUCCESS -> PullResult.Status.FOUND;
            case ResponseCode.PULL_NOT_FOUND -> PullResult.Status.NO_NEW_MESSAGE;
            case ResponseCode.PULL_RETRY_IMMEDIATELY -> PullResult.Status.NO_MATCHED_MESSAGE;
            case ResponseCode.PULL_OFFSET_MOVED -> PullResult.Status.OFFSET_ILLEGAL;
            default -> throw new HexmqClientException(response.code(), response.remark());
        };
        HeaderReader header = response.header();
        List<ReceivedMessage> messages = status == PullResult.Status.FOUND && response.body() != null
                ? MessageDecoding.decodeAll(response.body()) : List.of();
        return new PullResult(status, header.longOf(PullMessageResponseHeader.NEXT_BEGIN_OFFSET),
                header.longOf(PullMessageResponseHeader.MIN_OFFSET), header.longOf(PullMessageResponseHeader.MAX_OFFSET),
                messages);
    }

    /**
     * The group's committed offset of the queue; empty when it has none (code 22). Asks with
     * {@code setZeroIfNotFound=false}, so that a broker does not answer 0 for a group that never committed
     * and consumeFromWhere decides.
     */
    public CompletableFuture<OptionalLong> queryConsumerOffset(String group, MessageQueue queue) {
        RemotingCommand request = RemotingCommand.request(RequestCode.QUERY_CONSUMER_OFFSET)
                .extField(ConsumerOffsetHeader.CONSUMER_GROUP, group)
                .extField(ConsumerOffsetHeader.TOPIC, queue.topic())
                .extField(ConsumerOffsetHeader.QUEUE_ID, queue.queueId())
                .extField(ConsumerOffsetHeader.SET_ZERO_IF_NOT_FOUND, false)
                .build();
        return invoke(queue, request, instance.requestTimeoutMillis()).thenApply(response -> {
            if (response.code() == ResponseCode.QUERY_NOT_FOUND) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(Rpc.requireSuccess(response).header().longOf(OffsetResponseHeader.OFFSET));
        });
    }

    /** UPDATE_CONSUMER_OFFSET, oneway (the periodic commit) or awaiting the broker's answer. */
    public CompletableFuture<Void> updateConsumerOffset(String group, MessageQueue queue, long offset, boolean oneway) {
        RemotingCommand request = RemotingCommand.request(RequestCode.UPDATE_CONSUMER_OFFSET)
                .extField(ConsumerOffsetHeader.CONSUMER_GROUP, group)
                .extField(ConsumerOffsetHeader.TOPIC, queue.topic())
                .extField(ConsumerOffsetHeader.QUEUE_ID, queue.queueId())
                .extField(ConsumerOffsetHeader.COMMIT_OFFSET, offset)
                .build();
        String master;
        try {
            master = master(queue);
        } catch (HexmqClientException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (oneway) {
            return instance.rpc().invokeOneway(master, request);
        }
        return instance.rpc().invokeExpectingSuccess(master, request, instance.requestTimeoutMillis())
                .thenApply(response -> null);
    }

    public CompletableFuture<Long> maxOffset(MessageQueue queue) {
        return offsetQuery(RequestCode.GET_MAX_OFFSET, queue, null);
    }

    public CompletableFuture<Long> minOffset(MessageQueue queue) {
        return offsetQuery(RequestCode.GET_MIN_OFFSET, queue, null);
    }

    /** The offset of the first message of the queue stored at or after {@code timestampMillis}. */
    public CompletableFuture<Long> searchOffset(MessageQueue queue, long timestampMillis) {
        return offsetQuery(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, queue, timestampMillis);
    }

    private CompletableFuture<Long> offsetQuery(int code, MessageQueue queue, Long timestamp) {
        RemotingCommand.Builder request = RemotingCommand.request(code)
                .extField(QueueOffsetHeader.TOPIC, queue.topic())
                .extField(QueueOffsetHeader.QUEUE_ID, queue.queueId());
        if (timestamp != null) {
            request.extField(QueueOffsetHeader.TIMESTAMP, timestamp);
        }
        return invoke(queue, request.build(), instance.requestTimeoutMillis())
                .thenApply(response -> Rpc.requireSuccess(response).header().longOf(OffsetResponseHeader.OFFSET));
    }

    /** The client ids of the group's members, as the broker at {@code address} knows them. */
    public CompletableFuture<List<String>> consumerIds(String address, String group) {
        RemotingCommand request = RemotingCommand.request(RequestCode.GET_CONSUMER_LIST_BY_GROUP)
                .extField(ConsumerGroupHeader.CONSUMER_GROUP, group)
                .build();
        return instance.rpc().invokeExpectingSuccess(address, request, instance.requestTimeoutMillis())
                .thenApply(response -> Bodies.consumerIds(response.body()));
    }

    /** LOCK_BATCH_MQ to the master of {@code brokerName}: the queues now held by this client. */
    public CompletableFuture<Set<MessageQueue>> lock(String group, String brokerName, Collection<MessageQueue> queues) {
        RemotingCommand request = RemotingCommand.request(RequestCode.LOCK_BATCH_MQ)
                .body(lockBody(group, queues))
                .build();
        String master;
        try {
            master = master(brokerName);
        } catch (HexmqClientException e) {
            return CompletableFuture.failedFuture(e);
        }
        return instance.rpc().invokeExpectingSuccess(master, request, instance.requestTimeoutMillis())
                .thenApply(response -> Bodies.lockedQueues(response.body()));
    }

    /** UNLOCK_BATCH_MQ, oneway. */
    public CompletableFuture<Void> unlock(String group, String brokerName, Collection<MessageQueue> queues) {
        try {
            return instance.rpc().invokeOneway(master(brokerName), RemotingCommand.request(RequestCode.UNLOCK_BATCH_MQ)
                    .body(lockBody(group, queues))
                    .build());
        } catch (HexmqClientException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private byte[] lockBody(String group, Collection<MessageQueue> queues) {
        return Bodies.lockRequest(instance.clientId(), group, queues);
    }

    /**
     * CONSUMER_SEND_MSG_BACK to the broker that stored {@code message}: the broker stores a copy for the
     * group to consume again (delay level 0: the broker chooses).
     */
    public CompletableFuture<Void> sendBack(String group, MessageQueue from, ReceivedMessage message, int delayLevel,
                                     int maxReconsumeTimes) {
        RemotingCommand request = RemotingCommand.request(RequestCode.CONSUMER_SEND_MSG_BACK)
                .extField(ConsumerSendMsgBackHeader.OFFSET, message.commitLogOffset())
                .extField(ConsumerSendMsgBackHeader.GROUP, group)
                .extField(ConsumerSendMsgBackHeader.DELAY_LEVEL, delayLevel)
                .extField(ConsumerSendMsgBackHeader.ORIGIN_MSG_ID, message.msgId())
                .extField(ConsumerSendMsgBackHeader.ORIGIN_TOPIC, message.topic())
                .extField(ConsumerSendMsgBackHeader.UNIT_MODE, false)
                .extField(ConsumerSendMsgBackHeader.MAX_RECONSUME_TIMES, maxReconsumeTimes)
                .build();
        String address;
        try {
            address = master(from);
        } catch (HexmqClientException e) {
            return CompletableFuture.failedFuture(e);
        }
        return instance.rpc().invokeExpectingSuccess(address, request, instance.requestTimeoutMillis())
                .thenApply(response -> null);
    }

    /**
     * The fallback when the broker refuses a send-back: a plain SEND_MESSAGE_V2 of the message to
     * {@code %RETRY%group}, carrying RETRY_TOPIC, RECONSUME_TIME, MAX_RECONSUME_TIMES and DELAY.
     */
    public CompletableFuture<Void> sendToRetryTopic(String group, ReceivedMessage message, String originalTopic,
                                             int maxReconsumeTimes) {
        String retryTopic = retryTopic(group);
        Map<String, String> properties = new LinkedHashMap<>(message.properties());
        properties.putIfAbsent("RETRY_TOPIC", originalTopic);
        properties.put("RECONSUME_TIME", Integer.toString(message.reconsumeTimes() + 1));
        properties.put("MAX_RECONSUME_TIMES", Integer.toString(maxReconsumeTimes));
        properties.put(MessageProperties.DELAY_TIME_LEVEL, Integer.toString(3 + message.reconsumeTimes()));
        properties.remove("MIN_OFFSET");
        properties.remove("MAX_OFFSET");
        String encoded = MessageProperties.encode(properties);
        return instance.routes().publishInfo(retryTopic, 1, false).thenCompose(info -> {
            if (info.isEmpty()) {
                throw new HexmqClientException(HexmqClientException.NO_ROUTE, "no writable queue of " + retryTopic);
            }
            MessageQueue queue = info.queues().get(Math.floorMod(message.msgId().hashCode(), info.queues().size()));
            RemotingCommand request = SendRequests.header(RequestCode.SEND_MESSAGE_V2, group, queue, 1, message.flag(),
                    encoded, message.bornTimestamp(), message.reconsumeTimes() + 1, false)
                    .body(message.body())
                    .build();
            return instance.rpc().invokeExpectingSuccess(master(queue), request, instance.requestTimeoutMillis())
                    .thenApply(response -> (Void) null);
        });
    }

    public static String retryTopic(String group) {
        return "%RETRY%" + group;
    }

    /** A message pulled from {@code %RETRY%group} shows its original topic, as RocketMQ's clients do. */
    public static ReceivedMessage withOriginalTopic(ReceivedMessage message, String group) {
        String original = message.properties().get("RETRY_TOPIC");
        if (original == null || !message.topic().equals(retryTopic(group))) {
            return message;
        }
        return new ReceivedMessage(original, message.queueId(), message.queueOffset(), message.msgId(),
                message.offsetMsgId(), message.commitLogOffset(), message.body(), message.properties(), message.flag(),
                message.bornTimestamp(), message.bornHost(), message.storeTimestamp(), message.storeHost(),
                message.reconsumeTimes());
    }

    private CompletableFuture<RemotingCommand> invoke(MessageQueue queue, RemotingCommand request, long timeoutMillis) {
        try {
            return instance.rpc().invoke(master(queue), request, timeoutMillis);
        } catch (HexmqClientException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    String master(MessageQueue queue) {
        return master(queue.brokerName());
    }

    String master(String brokerName) {
        return instance.routes().masterAddress(brokerName).orElseThrow(() -> new HexmqClientException(
                HexmqClientException.NO_ROUTE, "no master address of broker " + brokerName + " in the routes"));
    }
}

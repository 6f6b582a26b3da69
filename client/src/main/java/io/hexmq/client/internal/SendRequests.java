package io.hexmq.client.internal;

import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.SendStatus;
import io.hexmq.domain.message.MessageProperties;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320) requests and their answers (protocol.md §2.3.2).
 * V2 headers carry one-letter names:
 *
 * <pre>
 * a producerGroup  b topic  c defaultTopic (TBW102)  d defaultTopicQueueNums  e queueId  f sysFlag
 * g bornTimestamp  h flag  i properties  j reconsumeTimes  k unitMode  m batch
 * </pre>
 */
final class SendRequests {

    private SendRequests() {
    }

    /** The properties string of {@code message} with its {@code UNIQ_KEY}: what header {@code i} carries. */
    static String properties(Message message, String uniqueId) {
        Map<String, String> properties = new LinkedHashMap<>();
        if (!message.keys().isEmpty()) {
            properties.put(MessageProperties.KEYS, String.join(MessageProperties.KEY_SEPARATOR, message.keys()));
        }
        message.tags().ifPresent(tags -> properties.put(MessageProperties.TAGS, tags));
        if (message.delayLevel() > 0) {
            properties.put(MessageProperties.DELAY_TIME_LEVEL, Integer.toString(message.delayLevel()));
        }
        properties.putAll(message.properties());
        properties.put(MessageProperties.WAIT_STORE_MSG_OK, "true");
        properties.put(MessageProperties.UNIQ_KEY, uniqueId);
        return MessageProperties.encode(properties);
    }

    /** A single message's request to {@code queue}. */
    static RemotingCommand single(String group, MessageQueue queue, int defaultTopicQueueNums, Message message,
                                  String properties, long bornTimestamp) {
        return header(RequestCode.SEND_MESSAGE_V2, group, queue, defaultTopicQueueNums, message.flag(), properties,
                bornTimestamp, false)
                .body(message.body())
                .build();
    }

    /** A batch's request: the entries in the body ({@link BatchBodyLayout}), the batch's own properties in {@code i}. */
    static RemotingCommand batch(String group, MessageQueue queue, int defaultTopicQueueNums, byte[] body,
                                 long bornTimestamp) {
        String batchProperties = MessageProperties.encode(Map.of(MessageProperties.WAIT_STORE_MSG_OK, "true"));
        return header(RequestCode.SEND_BATCH_MESSAGE, group, queue, defaultTopicQueueNums, 0, batchProperties,
                bornTimestamp, true)
                .body(body)
                .build();
    }

    private static RemotingCommand.Builder header(int code, String group, MessageQueue queue, int defaultTopicQueueNums,
                                                  int flag, String properties, long bornTimestamp, boolean batch) {
        return RemotingCommand.request(code)
                .extField("a", group)
                .extField("b", queue.topic())
                .extField("c", RouteCache.AUTO_CREATE_TOPIC)
                .extField("d", defaultTopicQueueNums)
                .extField("e", queue.queueId())
                .extField("f", 0)
                .extField("g", bornTimestamp)
                .extField("h", flag)
                .extField("i", properties)
                .extField("j", 0)
                .extField("k", false)
                .extField("m", batch);
    }

    /**
     * The receipt of a stored message; codes 10, 11 and 12 mean stored with a warning. Any other code
     * throws with the broker's code and remark.
     */
    static SendReceipt receipt(RemotingCommand response, MessageQueue requested, String msgId) {
        SendStatus status = switch (response.code()) {
            case ResponseCode.SUCCESS -> SendStatus.SEND_OK;
            case ResponseCode.FLUSH_DISK_TIMEOUT -> SendStatus.FLUSH_DISK_TIMEOUT;
            case ResponseCode.FLUSH_SLAVE_TIMEOUT -> SendStatus.FLUSH_SLAVE_TIMEOUT;
            case ResponseCode.SLAVE_NOT_AVAILABLE -> SendStatus.SLAVE_NOT_AVAILABLE;
            default -> throw new HexmqClientException(response.code(), response.remark());
        };
        try {
            HeaderReader header = response.header();
            MessageQueue queue = new MessageQueue(requested.topic(), requested.brokerName(),
                    header.optionalInt("queueId", requested.queueId()));
            return new SendReceipt(msgId, header.optionalString("msgId").orElse(null), queue,
                    header.optionalLong("queueOffset", -1), status);
        } catch (RuntimeException e) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR,
                    "unreadable send response " + response + ": " + e.getMessage(), e);
        }
    }
}

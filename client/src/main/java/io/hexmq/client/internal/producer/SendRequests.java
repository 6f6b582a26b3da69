package io.hexmq.client.internal.producer;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.SendStatus;
import io.hexmq.client.internal.route.RouteCache;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.remoting.body.BatchBodyLayout;
import io.hexmq.remoting.header.SendMessageHeader;
import io.hexmq.remoting.header.SendMessageResponseHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320) requests and their answers (protocol.md §2.3.2),
 * their header a {@link SendMessageHeader} in the compact spelling.
 */
public final class SendRequests {

    private SendRequests() {
    }

    /** The properties string of {@code message} with its {@code UNIQ_KEY}: what header {@code i} carries. */
    static String properties(Message message, String uniqueId) {
        return properties(message, uniqueId, Map.of());
    }

    /** {@link #properties(Message, String)} with {@code added} ones the client sets itself (its traceparent). */
    static String properties(Message message, String uniqueId, Map<String, String> added) {
        Map<String, String> properties = new LinkedHashMap<>();
        if (!message.keys().isEmpty()) {
            properties.put(MessageProperties.KEYS, String.join(MessageProperties.KEY_SEPARATOR, message.keys()));
        }
        message.tags().ifPresent(tags -> properties.put(MessageProperties.TAGS, tags));
        if (message.delayLevel() > 0) {
            properties.put(MessageProperties.DELAY_TIME_LEVEL, Integer.toString(message.delayLevel()));
        }
        properties.putAll(message.properties());
        properties.putAll(added);
        properties.put(MessageProperties.WAIT_STORE_MSG_OK, "true");
        properties.put(MessageProperties.UNIQ_KEY, uniqueId);
        return MessageProperties.encode(properties);
    }

    /** A single message's request to {@code queue}. */
    static RemotingCommand single(String group, MessageQueue queue, int defaultTopicQueueNums, Message message,
                                  String properties, long bornTimestamp) {
        return header(RequestCode.SEND_MESSAGE_V2, group, queue, defaultTopicQueueNums, message.flag(), properties,
                bornTimestamp, 0, false)
                .body(message.body())
                .build();
    }

    /** A batch's request: the entries in the body ({@link BatchBodyLayout}), the batch's own properties in {@code i}. */
    static RemotingCommand batch(String group, MessageQueue queue, int defaultTopicQueueNums, byte[] body,
                                 long bornTimestamp) {
        String batchProperties = MessageProperties.encode(Map.of(MessageProperties.WAIT_STORE_MSG_OK, "true"));
        return header(RequestCode.SEND_BATCH_MESSAGE, group, queue, defaultTopicQueueNums, 0, batchProperties,
                bornTimestamp, 0, true)
                .body(body)
                .build();
    }

    /** A send to {@code queue} ({@code code} SEND_MESSAGE_V2 or SEND_BATCH_MESSAGE), the body still to come. */
    public static RemotingCommand.Builder header(int code, String group, MessageQueue queue, int defaultTopicQueueNums,
                                          int flag, String properties, long bornTimestamp, int reconsumeTimes,
                                          boolean batch) {
        return RemotingCommand.request(code)
                .spelling(SendMessageHeader.spellingOf(code))
                .extField(SendMessageHeader.PRODUCER_GROUP, group)
                .extField(SendMessageHeader.TOPIC, queue.topic())
                .extField(SendMessageHeader.DEFAULT_TOPIC, RouteCache.AUTO_CREATE_TOPIC)
                .extField(SendMessageHeader.DEFAULT_TOPIC_QUEUE_NUMS, defaultTopicQueueNums)
                .extField(SendMessageHeader.QUEUE_ID, queue.queueId())
                .extField(SendMessageHeader.SYS_FLAG, 0)
                .extField(SendMessageHeader.BORN_TIMESTAMP, bornTimestamp)
                .extField(SendMessageHeader.FLAG, flag)
                .extField(SendMessageHeader.PROPERTIES, properties)
                .extField(SendMessageHeader.RECONSUME_TIMES, reconsumeTimes)
                .extField(SendMessageHeader.UNIT_MODE, false)
                .extField(SendMessageHeader.BATCH, batch);
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
                    header.has(SendMessageResponseHeader.QUEUE_ID) ? header.intOf(SendMessageResponseHeader.QUEUE_ID)
                            : requested.queueId());
            return new SendReceipt(msgId, header.stringOf(SendMessageResponseHeader.MSG_ID), queue,
                    header.longOf(SendMessageResponseHeader.QUEUE_OFFSET), status);
        } catch (RuntimeException e) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR,
                    "unreadable send response " + response + ": " + e.getMessage(), e);
        }
    }
}

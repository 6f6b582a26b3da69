package io.hexmq.client.internal.trace;

import io.hexmq.domain.message.MessageProperties;
import io.hexmq.remoting.trace.TraceFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One trace record in RocketMQ's layout ({@link TraceFormat}) and the keys its trace message is found by:
 * the traced message's id and keys.
 *
 * @param text the record, ended by {@link TraceFormat#RECORD_END}
 * @param keys the traced message's msgId followed by its keys
 */
public record TraceRecord(String text, List<String> keys) {

    /** The message type a Pub record names, by RocketMQ's ordinal: normal, or delayed. */
    public static final int NORMAL_MESSAGE = 0;
    public static final int DELAYED_MESSAGE = 3;

    public TraceRecord {
        Objects.requireNonNull(text, "text");
        keys = List.copyOf(keys);
    }

    /** What the producer saw of one stored message. */
    public record Sent(long timestamp, String region, String group, String topic, String msgId, String tags,
                       List<String> keys, String storeHost, int bodyLength, long costMillis, int messageType,
                       String offsetMsgId, boolean success) {
    }

    /** A message a consumer's listener is about to get: the consumption's request id pairs it with its end. */
    public record Delivered(long timestamp, String region, String group, String requestId, String msgId,
                            int retryTimes, List<String> keys) {
    }

    /** The listener's answer: {@code contextCode} is RocketMQ's consume return type (0 success). */
    public record Answered(Delivered delivery, long timestamp, long costMillis, boolean success, int contextCode) {
    }

    public static TraceRecord pub(Sent sent) {
        return new TraceRecord(fields(TraceFormat.PUB, sent.timestamp(), sent.region(), sent.group(), sent.topic(),
                sent.msgId(), sent.tags(), joined(sent.keys()), sent.storeHost(), sent.bodyLength(), sent.costMillis(),
                sent.messageType(), sent.offsetMsgId(), sent.success()), keys(sent.msgId(), sent.keys()));
    }

    public static TraceRecord subBefore(Delivered delivered) {
        return new TraceRecord(fields(TraceFormat.SUB_BEFORE, delivered.timestamp(), delivered.region(),
                delivered.group(), delivered.requestId(), delivered.msgId(), delivered.retryTimes(),
                joined(delivered.keys())), keys(delivered.msgId(), delivered.keys()));
    }

    /** Written as RocketMQ's non-cloud clients do: the end's timestamp and the group after the context code. */
    public static TraceRecord subAfter(Answered answered) {
        Delivered delivery = answered.delivery();
        return new TraceRecord(fields(TraceFormat.SUB_AFTER, delivery.requestId(), delivery.msgId(),
                answered.costMillis(), answered.success(), joined(delivery.keys()), answered.contextCode(),
                answered.timestamp(), delivery.group()), keys(delivery.msgId(), delivery.keys()));
    }

    private static String fields(Object... values) {
        StringBuilder text = new StringBuilder(256);
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                text.append(TraceFormat.FIELD_SEPARATOR);
            }
            text.append(values[i] == null ? TraceFormat.NO_VALUE : values[i]);
        }
        return text.append(TraceFormat.RECORD_END).toString();
    }

    /** RocketMQ writes absent keys as no value, several as its KEYS property holds them. */
    private static String joined(List<String> keys) {
        return keys.isEmpty() ? null : String.join(MessageProperties.KEY_SEPARATOR, keys);
    }

    private static List<String> keys(String msgId, List<String> keys) {
        List<String> all = new ArrayList<>(keys.size() + 1);
        all.add(msgId);
        all.addAll(keys);
        return all;
    }
}

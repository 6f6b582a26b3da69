package io.hexmq.remoting.header;

import io.hexmq.remoting.protocol.InvalidHeaderFieldException;
import java.util.List;

/**
 * The texts a POP hands out and an ack or invisible-time change hands back (RocketMQ's ExtraInfoUtil
 * layout). Fields are separated by one blank, entries by {@code ;}; a topic appears as its retry mark:
 * {@code 0} a normal topic, {@code 1} a retry topic ({@code %RETRY%group_topic}), {@code 2} RocketMQ's
 * other retry naming ({@code %RETRY%group+topic}).
 * <pre>
 * extraInfo        ckQueueOffset popTime invisibleTime reviveQid retryMark brokerName queueId [queueOffset]
 * startOffsetInfo  retryMark queueId startOffset            ; one per queue the POP handed out from
 * msgOffsetInfo    retryMark queueId offset,offset,...      ; the same queues, offsets in order
 * orderCountInfo   retryMark qo&lt;queueId&gt;%&lt;offset&gt; count   ; orderly POP: times handed out before
 * </pre>
 * The client builds each message's extraInfo from the response header and these texts, with
 * {@code ckQueueOffset} the queue's startOffset and {@code queueOffset} the message's own.
 */
public final class PopExtraInfo {

    /** The revive queue an orderly POP names, which tells its acks and changes from unordered ones. */
    public static final int ORDERLY_REVIVE_QUEUE = 999;
    /** The revive queue of an unordered POP: hexmq keeps its checkpoints apart from any queue. */
    public static final int REVIVE_QUEUE = 0;

    private static final String FIELD = "extraInfo";
    private static final String EXPECTED = "a POP checkpoint's extra info";
    private static final String SEPARATOR = " ";
    private static final String ENTRIES = ";";
    private static final String RETRY_PREFIX = "%RETRY%";
    private static final String NORMAL = "0";
    private static final String RETRY = "1";
    private static final String RETRY_V2 = "2";

    /** A parsed extraInfo; {@code queueOffset} is -1 when the text has none. */
    public record Parsed(long ckQueueOffset, long popTime, long invisibleTime, int reviveQid, String retryMark,
            String brokerName, int queueId, long queueOffset) {

        public boolean isOrderly() {
            return reviveQid == ORDERLY_REVIVE_QUEUE;
        }
    }

    /** One queue's part of a POP's answer. */
    public record QueuePart(String topic, int queueId, long startOffset, List<Long> offsets, List<Integer> counts) {
    }

    private PopExtraInfo() {
    }

    public static Parsed parse(String extraInfo) {
        String[] fields = extraInfo == null ? new String[0] : extraInfo.split(SEPARATOR);
        if (fields.length < 7) {
            throw new InvalidHeaderFieldException(FIELD, EXPECTED, extraInfo, null);
        }
        try {
            return new Parsed(Long.parseLong(fields[0]), Long.parseLong(fields[1]), Long.parseLong(fields[2]),
                    Integer.parseInt(fields[3]), fields[4], fields[5], Integer.parseInt(fields[6]),
                    fields.length > 7 ? Long.parseLong(fields[7]) : -1);
        } catch (NumberFormatException e) {
            throw new InvalidHeaderFieldException(FIELD, EXPECTED, extraInfo, e);
        }
    }

    /** Whether a retry mark (extraInfo's, or a batch ack's {@code r}) names a retry topic. */
    public static boolean isRetry(String retryMark) {
        return RETRY.equals(retryMark) || RETRY_V2.equals(retryMark);
    }

    static String retryMark(String topic) {
        if (!topic.startsWith(RETRY_PREFIX)) {
            return NORMAL;
        }
        return topic.indexOf('+') >= 0 ? RETRY_V2 : RETRY;
    }

    public static String startOffsetInfo(List<QueuePart> parts) {
        StringBuilder text = new StringBuilder(32 * parts.size());
        for (QueuePart part : parts) {
            entry(text, part).append(part.startOffset());
        }
        return text.toString();
    }

    public static String msgOffsetInfo(List<QueuePart> parts) {
        StringBuilder text = new StringBuilder(32 * parts.size());
        for (QueuePart part : parts) {
            entry(text, part);
            for (int i = 0; i < part.offsets().size(); i++) {
                text.append(i == 0 ? "" : ",").append(part.offsets().get(i));
            }
        }
        return text.toString();
    }

    public static String orderCountInfo(List<QueuePart> parts) {
        StringBuilder text = new StringBuilder(32 * parts.size());
        for (QueuePart part : parts) {
            for (int i = 0; i < part.offsets().size(); i++) {
                text.append(text.length() == 0 ? "" : ENTRIES).append(retryMark(part.topic())).append(SEPARATOR)
                        .append("qo").append(part.queueId()).append('%').append(part.offsets().get(i))
                        .append(SEPARATOR).append(part.counts().get(i));
            }
        }
        return text.toString();
    }

    private static StringBuilder entry(StringBuilder text, QueuePart part) {
        return text.append(text.length() == 0 ? "" : ENTRIES).append(retryMark(part.topic())).append(SEPARATOR)
                .append(part.queueId()).append(SEPARATOR);
    }
}

package io.hexmq.storage;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The store-independent half of an append, shared by every
 * {@link io.hexmq.domain.message.port.MessageStore} adapter: the checks that reject a message or batch
 * before it reaches the log (as {@link AppendResult} values, never exceptions), its encoding into the
 * appending thread's {@link MessageEncoder}, the store timestamp, and the msgIds of what was stored.
 *
 * <p>An append "as given" ({@link io.hexmq.domain.message.StoreStamp}) and an ordinary one take the same
 * path: the ordinary one passes the store's own host and {@link #CLOCK_TIME}.
 */
public final class AppendEncoding {

    /** Passed instead of a given store timestamp: stamp with the store's clock, read under the append lock. */
    public static final long CLOCK_TIME = -1;

    private AppendEncoding() {
    }

    /**
     * The store timestamp to write: {@code given}, or the clock's time when that is {@link #CLOCK_TIME}.
     * Called under the append lock, so the clock's times never go backwards along the log.
     */
    public static long storeTimestamp(long given, Clock clock) {
        return given == CLOCK_TIME ? clock.millis() : given;
    }

    /**
     * Resets {@code encoder} and encodes {@code message} into it with {@code storeHost}; null when encoded,
     * else the append's rejection.
     */
    public static AppendResult encode(MessageEncoder encoder, Message message, HostAddress storeHost,
                                      int maxMessageSize) {
        if (message.body().length > maxMessageSize) {
            return bodyTooLarge(message, maxMessageSize);
        }
        encoder.reset();
        return rejection(encoder.encode(message, storeHost), encoder);
    }

    /**
     * Resets {@code encoder} and encodes a batch into it with {@code storeHost}, records back to back; null
     * when every message is encoded, else the rejection of the whole batch. A batch targets one topic-queue
     * and holds no transactional message.
     */
    public static AppendResult encodeBatch(MessageEncoder encoder, List<Message> messages, HostAddress storeHost,
                                           int maxMessageSize) {
        if (messages.isEmpty()) {
            return AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL, "empty batch");
        }
        Message first = messages.get(0);
        encoder.reset();
        for (Message message : messages) {
            if (!message.topic().equals(first.topic()) || message.queueId() != first.queueId()) {
                return AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL, "a batch must target one topic-queue");
            }
            if (MessageSysFlag.isHiddenFromConsumeQueue(message.sysFlag())) {
                return AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL, "transactional messages cannot be batched");
            }
            if (message.body().length > maxMessageSize) {
                return bodyTooLarge(message, maxMessageSize);
            }
            AppendResult rejection = rejection(encoder.encode(message, storeHost), encoder);
            if (rejection != null) {
                return rejection;
            }
        }
        return null;
    }

    /** The offset msgIds of {@code count} records stored back to back from {@code physicalOffset}. */
    public static List<String> msgIds(HostAddress storeHost, long physicalOffset, ByteBuffer records, int count) {
        if (count == 1) {
            return List.of(OffsetMessageId.encode(storeHost, physicalOffset));
        }
        List<String> ids = new ArrayList<>(count);
        int at = 0;
        for (int i = 0; i < count; i++) {
            ids.add(OffsetMessageId.encode(storeHost, physicalOffset + at));
            at += MessageLayout.totalSize(records, at);
        }
        return ids;
    }

    private static AppendResult bodyTooLarge(Message message, int maxMessageSize) {
        return AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL, "message body of " + message.body().length
            + " bytes exceeds maxMessageSize " + maxMessageSize);
    }

    private static AppendResult rejection(MessageEncoder.Outcome outcome, MessageEncoder encoder) {
        return switch (outcome) {
            case OK -> null;
            case TOPIC_TOO_LONG -> AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL,
                "topic longer than " + MessageLayout.MAX_TOPIC_LENGTH + " bytes");
            case PROPERTIES_TOO_LONG -> AppendResult.rejected(AppendStatus.PROPERTIES_SIZE_EXCEEDED,
                "properties longer than " + MessageLayout.MAX_PROPERTIES_LENGTH + " bytes");
            case MESSAGE_TOO_LARGE -> AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL,
                "encoded messages exceed " + encoder.capacity() + " bytes");
        };
    }
}

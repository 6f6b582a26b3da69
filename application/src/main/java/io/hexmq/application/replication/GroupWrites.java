package io.hexmq.application.replication;

import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The entry layout of a {@link GroupWrite}: what travels through the group's log, the same bytes on every
 * replica. Big-endian; a text or byte array is an int length and its bytes, a host a length byte (4 or 16),
 * the address and an int port.
 *
 * <pre>
 * entry   := kind:byte payload
 * 1 APPEND_MESSAGE   stamp message
 * 2 APPEND_BATCH     stamp count:int message{count}
 * 3 SAVE_TOPICS / 4 SAVE_SUBSCRIPTION_GROUPS / 5 SAVE_CONSUMER_OFFSETS   see {@link StateTableLayout}
 * 6 SAVE_DELAY_PROGRESS        count:int (level:int offset:long){count}
 * 7 SAVE_TIMER_PROGRESS        scanFrom:long markersFrom:long lastDueMillis:long lastOffset:long
 * 8 SAVE_TRANSACTION_PROGRESS  halfOffset:long opOffset:long
 * 9 DELETE_TOPIC_MESSAGES      topic:text
 * 10 SAVE_POP_STATE / 11 SAVE_REQUEST_MODES / 12 SAVE_AUTH / 13 CHANGE_POP_STATE   see {@link PopAndAuthLayout}
 * 14 SAVE_POP_STATE_OF_ATTEMPTS   popStateOfAttempts, see {@link PopAndAuthLayout}; for a state with attempt ids
 * stamp   := storeTimestamp:long storeHost:host
 * message := topic:text queueId:int flag:int body:bytes properties:text sysFlag:int bornTimestamp:long
 *            bornHost:host reconsumeTimes:int preparedTransactionOffset:long
 * </pre>
 *
 * A message entry is sized exactly before it is written, so its body is copied once, into the entry.
 */
final class GroupWrites {

    static final byte APPEND_MESSAGE = 1;
    static final byte APPEND_BATCH = 2;
    static final byte SAVE_TOPICS = 3;
    static final byte SAVE_SUBSCRIPTION_GROUPS = 4;
    static final byte SAVE_CONSUMER_OFFSETS = 5;
    static final byte SAVE_DELAY_PROGRESS = 6;
    static final byte SAVE_TIMER_PROGRESS = 7;
    static final byte SAVE_TRANSACTION_PROGRESS = 8;
    static final byte DELETE_TOPIC_MESSAGES = 9;
    static final byte SAVE_POP_STATE = 10;
    static final byte SAVE_REQUEST_MODES = 11;
    static final byte SAVE_AUTH = 12;
    static final byte CHANGE_POP_STATE = 13;
    static final byte SAVE_POP_STATE_OF_ATTEMPTS = 14;

    /** topic and properties lengths, queueId, flag, body length, sysFlag, born time, reconsumes, prepared offset */
    private static final int MESSAGE_FIXED_BYTES = 6 * Integer.BYTES + 2 * Long.BYTES;

    private GroupWrites() {
    }

    /** The entry that carries {@code write}. */
    static byte[] encode(GroupWrite write) {
        if (write instanceof GroupWrite.AppendMessage append) {
            return encodeAppend(append.stamp(), List.of(append.message()), false);
        }
        if (write instanceof GroupWrite.AppendBatch batch) {
            return encodeAppend(batch.stamp(), batch.messages(), true);
        }
        if (write instanceof GroupWrite.SaveTopics save) {
            return StateTableLayout.writeTopics(new EntryWriter(256).kind(SAVE_TOPICS), save.table()).toArray();
        }
        if (write instanceof GroupWrite.SaveSubscriptionGroups save) {
            return StateTableLayout.writeGroups(new EntryWriter(256).kind(SAVE_SUBSCRIPTION_GROUPS), save.table())
                    .toArray();
        }
        if (write instanceof GroupWrite.SaveConsumerOffsets save) {
            return StateTableLayout.writeOffsets(new EntryWriter(256).kind(SAVE_CONSUMER_OFFSETS), save.table())
                    .toArray();
        }
        if (write instanceof GroupWrite.SaveDelayProgress save) {
            return encodeDelay(save.progress());
        }
        if (write instanceof GroupWrite.SaveTimerProgress save) {
            TimerProgress progress = save.progress();
            return new EntryWriter(1 + 4 * Long.BYTES).kind(SAVE_TIMER_PROGRESS).longValue(progress.scanFrom())
                    .longValue(progress.markersFrom()).longValue(progress.lastDueMillis())
                    .longValue(progress.lastOffset()).toArray();
        }
        if (write instanceof GroupWrite.DeleteTopicMessages delete) {
            return new EntryWriter(64).kind(DELETE_TOPIC_MESSAGES).text(delete.topic()).toArray();
        }
        if (write instanceof GroupWrite.SavePopState save) {
            boolean ofAttempts = PopAndAuthLayout.hasAttempts(save.state());
            EntryWriter writer = new EntryWriter(256).kind(ofAttempts ? SAVE_POP_STATE_OF_ATTEMPTS : SAVE_POP_STATE);
            return PopAndAuthLayout.writePopState(writer, save.state(), ofAttempts).toArray();
        }
        if (write instanceof GroupWrite.ChangePopState change) {
            return PopAndAuthLayout.writePopChanges(new EntryWriter(64 * change.changes().size() + 8)
                    .kind(CHANGE_POP_STATE), change.changes()).toArray();
        }
        if (write instanceof GroupWrite.SaveRequestModes save) {
            return PopAndAuthLayout.writeRequestModes(new EntryWriter(128).kind(SAVE_REQUEST_MODES), save.entries())
                    .toArray();
        }
        if (write instanceof GroupWrite.SaveAuth save) {
            return PopAndAuthLayout.writeAuth(new EntryWriter(256).kind(SAVE_AUTH), save.table()).toArray();
        }
        TransactionCheckProgress progress = ((GroupWrite.SaveTransactionCheckProgress) write).progress();
        return new EntryWriter(1 + 2 * Long.BYTES).kind(SAVE_TRANSACTION_PROGRESS).longValue(progress.halfOffset())
                .longValue(progress.opOffset()).toArray();
    }

    /**
     * The write an entry carries.
     *
     * @throws IllegalArgumentException when the entry is not one {@link #encode} made
     */
    static GroupWrite decode(ByteBuffer entry) {
        EntryReader reader = new EntryReader(entry);
        byte kind = reader.kind();
        GroupWrite write = switch (kind) {
            case APPEND_MESSAGE -> {
                StoreStamp stamp = readStamp(reader);
                yield new GroupWrite.AppendMessage(readMessage(reader), stamp);
            }
            case APPEND_BATCH -> {
                StoreStamp stamp = readStamp(reader);
                int count = reader.integer();
                List<Message> messages = new ArrayList<>(Math.min(count, 1024));
                for (int i = 0; i < count; i++) {
                    messages.add(readMessage(reader));
                }
                yield new GroupWrite.AppendBatch(messages, stamp);
            }
            case SAVE_TOPICS -> new GroupWrite.SaveTopics(StateTableLayout.readTopics(reader));
            case SAVE_SUBSCRIPTION_GROUPS -> new GroupWrite.SaveSubscriptionGroups(StateTableLayout.readGroups(reader));
            case SAVE_CONSUMER_OFFSETS -> new GroupWrite.SaveConsumerOffsets(StateTableLayout.readOffsets(reader));
            case SAVE_DELAY_PROGRESS -> new GroupWrite.SaveDelayProgress(readDelay(reader));
            case SAVE_TIMER_PROGRESS -> new GroupWrite.SaveTimerProgress(new TimerProgress(reader.longValue(),
                    reader.longValue(), reader.longValue(), reader.longValue()));
            case SAVE_TRANSACTION_PROGRESS -> new GroupWrite.SaveTransactionCheckProgress(
                    new TransactionCheckProgress(reader.longValue(), reader.longValue()));
            case DELETE_TOPIC_MESSAGES -> new GroupWrite.DeleteTopicMessages(reader.text());
            case SAVE_POP_STATE -> new GroupWrite.SavePopState(PopAndAuthLayout.readPopState(reader, false));
            case SAVE_POP_STATE_OF_ATTEMPTS -> new GroupWrite.SavePopState(PopAndAuthLayout.readPopState(reader, true));
            case CHANGE_POP_STATE -> new GroupWrite.ChangePopState(PopAndAuthLayout.readPopChanges(reader));
            case SAVE_REQUEST_MODES -> new GroupWrite.SaveRequestModes(PopAndAuthLayout.readRequestModes(reader));
            case SAVE_AUTH -> new GroupWrite.SaveAuth(PopAndAuthLayout.readAuth(reader));
            default -> throw new IllegalArgumentException("unknown group write kind " + kind);
        };
        reader.requireEnd();
        return write;
    }

    private static StoreStamp readStamp(EntryReader reader) {
        long storeTimestamp = reader.longValue();
        return new StoreStamp(storeTimestamp, reader.host());
    }

    private static Message readMessage(EntryReader reader) {
        String topic = reader.text();
        int queueId = reader.integer();
        int flag = reader.integer();
        byte[] body = reader.bytes();
        String properties = reader.text();
        int sysFlag = reader.integer();
        long bornTimestamp = reader.longValue();
        return new Message(topic, queueId, flag, body, properties, sysFlag, bornTimestamp, reader.host(),
                reader.integer(), reader.longValue());
    }

    private static byte[] encodeDelay(DelayProgress progress) {
        EntryWriter writer = new EntryWriter(1 + Integer.BYTES + progress.offsetTable().size()
                * (Integer.BYTES + Long.BYTES)).kind(SAVE_DELAY_PROGRESS).integer(progress.offsetTable().size());
        progress.offsetTable().forEach((level, offset) -> writer.integer(level).longValue(offset));
        return writer.toArray();
    }

    private static DelayProgress readDelay(EntryReader reader) {
        int count = reader.integer();
        Map<Integer, Long> offsets = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            offsets.put(reader.integer(), reader.longValue());
        }
        return new DelayProgress(offsets);
    }

    private static byte[] encodeAppend(StoreStamp stamp, List<Message> messages, boolean batch) {
        int size = 1 + Long.BYTES + EntryWriter.hostBytes(stamp.storeHost()) + (batch ? Integer.BYTES : 0);
        byte[][] texts = new byte[messages.size() * 2][];
        for (int i = 0; i < messages.size(); i++) {
            Message message = messages.get(i);
            texts[2 * i] = message.topic().getBytes(StandardCharsets.UTF_8);
            texts[2 * i + 1] = message.properties().getBytes(StandardCharsets.UTF_8);
            size += MESSAGE_FIXED_BYTES + texts[2 * i].length + texts[2 * i + 1].length + message.body().length
                    + EntryWriter.hostBytes(message.bornHost());
        }
        EntryWriter writer = new EntryWriter(size).kind(batch ? APPEND_BATCH : APPEND_MESSAGE)
                .longValue(stamp.storeTimestamp()).host(stamp.storeHost());
        if (batch) {
            writer.integer(messages.size());
        }
        for (int i = 0; i < messages.size(); i++) {
            Message message = messages.get(i);
            writer.bytes(texts[2 * i]).integer(message.queueId()).integer(message.flag()).bytes(message.body())
                    .bytes(texts[2 * i + 1]).integer(message.sysFlag()).longValue(message.bornTimestamp())
                    .host(message.bornHost()).integer(message.reconsumeTimes())
                    .longValue(message.preparedTransactionOffset());
        }
        return writer.toArray();
    }
}

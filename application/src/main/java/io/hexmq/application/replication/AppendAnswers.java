package io.hexmq.application.replication;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * What an applied append answers its proposer on the leader: the {@link AppendResult} the local store gave.
 *
 * <pre>
 * answer := status:text reason:text queueOffset:long commitLogOffset:long wroteBytes:int storeTimestamp:long
 *           msgIdCount:int msgId:text{msgIdCount}
 * </pre>
 */
final class AppendAnswers {

    private AppendAnswers() {
    }

    static byte[] encode(AppendResult result) {
        EntryWriter writer = new EntryWriter(64 + 40 * result.msgIds().size()).text(result.status().name())
                .text(result.reason()).longValue(result.queueOffset()).longValue(result.commitLogOffset())
                .integer(result.wroteBytes()).longValue(result.storeTimestamp()).integer(result.msgIds().size());
        for (String msgId : result.msgIds()) {
            writer.text(msgId);
        }
        return writer.toArray();
    }

    static AppendResult decode(byte[] answer) {
        EntryReader reader = new EntryReader(ByteBuffer.wrap(answer));
        AppendStatus status = AppendStatus.valueOf(reader.text());
        String reason = reader.text();
        long queueOffset = reader.longValue();
        long commitLogOffset = reader.longValue();
        int wroteBytes = reader.integer();
        long storeTimestamp = reader.longValue();
        int count = reader.integer();
        List<String> msgIds = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            msgIds.add(reader.text());
        }
        reader.requireEnd();
        return new AppendResult(status, reason, queueOffset, commitLogOffset, wroteBytes, msgIds, storeTimestamp);
    }
}

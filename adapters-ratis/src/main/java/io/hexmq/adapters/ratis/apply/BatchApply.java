package io.hexmq.adapters.ratis.apply;

import io.hexmq.adapters.ratis.propose.BatchLayout;
import io.hexmq.domain.replication.port.CommittedEntries;
import java.util.ArrayList;
import java.util.List;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;

/** Applies the proposals one log entry carries, in order, and gathers their answers into one reply. */
final class BatchApply {

    private static final byte[] NO_ANSWER = new byte[0];

    private BatchApply() {
    }

    /**
     * @param answered whether someone waits for the answers (the leader that took the proposals); if not,
     *     they are dropped
     */
    static Message apply(CommittedEntries entries, LogEntryProto entry, boolean answered) {
        BatchLayout.Parts parts = new BatchLayout.Parts(entry.getStateMachineLogEntry().getLogData().asReadOnlyByteBuffer());
        List<byte[]> answers = answered ? new ArrayList<>(parts.count()) : null;
        long answerBytes = 0;
        for (int slot = 0; parts.hasNext(); slot++) {
            byte[] answer = entries.apply(BatchLayout.position(entry.getIndex(), slot), parts.next());
            if (answers != null) {
                answer = answer == null ? NO_ANSWER : answer;
                answers.add(answer);
                answerBytes += answer.length;
            }
        }
        return answers == null ? Message.EMPTY
                : Message.valueOf(UnsafeByteOperations.unsafeWrap(BatchLayout.encode(answers, answerBytes)));
    }
}

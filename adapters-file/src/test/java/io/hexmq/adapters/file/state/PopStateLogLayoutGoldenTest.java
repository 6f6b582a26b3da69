package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The log file's put record in bytes, pinned: a checkpoint without an attempt id is written exactly as brokers
 * wrote it before attempt ids existed (commit 8351ee4's layout, ending at batchEnd), so files of either age
 * read the same, and an attempt id only ever follows, last.
 */
class PopStateLogLayoutGoldenTest {

    /** Payload length 52, its CRC32C, kind 1 (put), "g", "t", queue 3, offset 7, popTime 1000, invisible 30000, orderly,
     * attempts 2, batchEnd 9. */
    private static final String PUT_WITHOUT_ATTEMPT = "00000034" + "2ade2213" + "01" + "00000001" + "67" + "00000001" + "74"
            + "00000003" + "0000000000000007" + "00000000000003e8" + "0000000000007530" + "01" + "00000002"
            + "0000000000000009";

    private static final PopCheckpoint CHECKPOINT = new PopCheckpoint(new GroupName("g"), new TopicName("t"), 3, 7,
            1_000, 30_000, true, 2, 9, null);

    @Test
    void aCheckpointWithoutAttemptId_isWrittenInTheOldLayout() {
        ByteBuffer written = PopStateLogLayout.put(ByteBuffer.allocate(256), new PopChange.Put(CHECKPOINT));

        assertThat(HexFormat.of().formatHex(written.array(), 0, written.position())).isEqualTo(PUT_WITHOUT_ATTEMPT);
    }

    @Test
    void anOldRecord_readsAsACheckpointOfNoAttempt() {
        assertThat(read(PUT_WITHOUT_ATTEMPT)).containsExactly(new PopChange.Put(CHECKPOINT));
    }

    @Test
    void anAttemptId_followsTheOldRecord_unchangedUpToBatchEnd() {
        PopCheckpoint attempt = new PopCheckpoint(new GroupName("g"), new TopicName("t"), 3, 7, 1_000, 30_000, true, 2,
                9, "A1");
        ByteBuffer written = PopStateLogLayout.put(ByteBuffer.allocate(256), new PopChange.Put(attempt));
        String hex = HexFormat.of().formatHex(written.array(), 0, written.position());

        // past the record header (length and CRC differ), the old payload, then the attempt id's length and bytes
        assertThat(hex.substring(16)).isEqualTo(PUT_WITHOUT_ATTEMPT.substring(16) + "00000002" + "4131");
        assertThat(read(hex)).containsExactly(new PopChange.Put(attempt));
    }

    private static List<PopChange> read(String recordHex) {
        byte[] record = HexFormat.of().parseHex(recordHex);
        ByteBuffer file = ByteBuffer.allocate(PopStateLogLayout.HEADER_BYTES + record.length);
        FramedRecordLayout.putHeader(file, PopStateLogLayout.LOG_MAGIC, 1);
        file.put(record).flip();
        List<PopChange> changes = new ArrayList<>();
        PopStateLogLayout.readRecords(file, changes::add);
        return changes;
    }
}

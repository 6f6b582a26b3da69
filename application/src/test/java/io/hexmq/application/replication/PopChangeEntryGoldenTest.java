package io.hexmq.application.replication;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The group log's POP changes in bytes, pinned: a put without an attempt id is kind 1 in the layout replicas wrote
 * before attempt ids existed, so a group of mixed versions replays each other's entries; an attempt's put is kind 4.
 */
class PopChangeEntryGoldenTest {

    /** One change; kind 1; "g", "t"; queue 3, offset 7, popTime 1000, invisible 30000; orderly; attempts 2; batchEnd 9. */
    private static final String ONE_PUT_WITHOUT_ATTEMPT = "00000001" + "01" + "00000001" + "67" + "00000001" + "74"
            + "00000003" + "0000000000000007" + "00000000000003e8" + "0000000000007530" + "01" + "00000002"
            + "0000000000000009";

    private static final PopCheckpoint CHECKPOINT = new PopCheckpoint(new GroupName("g"), new TopicName("t"), 3, 7,
            1_000, 30_000, true, 2, 9, null);

    @Test
    void aPutWithoutAttemptId_isKindOneInTheOldLayout() {
        byte[] entry = PopAndAuthLayout.writePopChanges(new EntryWriter(64), List.of(new PopChange.Put(CHECKPOINT)))
                .toArray();

        assertThat(HexFormat.of().formatHex(entry)).isEqualTo(ONE_PUT_WITHOUT_ATTEMPT);
    }

    @Test
    void anOldEntry_replaysAsACheckpointOfNoAttempt() {
        List<PopChange> changes = PopAndAuthLayout.readPopChanges(
                new EntryReader(ByteBuffer.wrap(HexFormat.of().parseHex(ONE_PUT_WITHOUT_ATTEMPT))));

        assertThat(changes).containsExactly(new PopChange.Put(CHECKPOINT));
    }

    @Test
    void anAttemptsPut_isKindFour_theOldFieldsThenTheAttemptId() {
        PopCheckpoint attempt = CHECKPOINT.withAttemptId("A1");
        byte[] entry = PopAndAuthLayout.writePopChanges(new EntryWriter(64), List.of(new PopChange.Put(attempt)))
                .toArray();

        assertThat(HexFormat.of().formatHex(entry)).isEqualTo("00000001" + "04"
                + ONE_PUT_WITHOUT_ATTEMPT.substring(10) + "00000002" + "4131");
    }
}

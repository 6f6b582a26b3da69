package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.storage.FlushDiskType;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogFilePopStateStoreTest {

    private static final GroupName GROUP = new GroupName("cg");
    private static final TopicName TOPIC = new TopicName("T");
    private static final PopOffset REACHED = new PopOffset(GROUP, TOPIC, 1, 13);
    private static final PopCheckpoint UNORDERED = PopCheckpoint.unordered(GROUP, TOPIC, 1, 12, 1_700_000_000_000L,
            60_000);
    private static final PopCheckpoint ORDERLY = new PopCheckpoint(GROUP, new TopicName("%RETRY%cg_T"), 0, 3,
            1_700_000_000_500L, 30_000, true, 2, 5);
    private static final PopCheckpoint OF_ATTEMPT = new PopCheckpoint(GROUP, TOPIC, 2, 7, 1_700_000_000_700L, 30_000,
            true, 1, 9, "attempt-\u00e9");
    private static final PopCheckpoint LATER = PopCheckpoint.unordered(GROUP, TOPIC, 1, 20, 1_700_000_001_000L,
            60_000);

    @TempDir
    Path dir;

    private LogFilePopStateStore reopened() {
        return new LogFilePopStateStore(dir.resolve("config"), FlushDiskType.SYNC_FLUSH);
    }

    @Test
    void loadsNothing_whenNothingWasEverWritten() {
        assertThat(reopened().load()).isEqualTo(PopState.EMPTY);
    }

    @Test
    void appendedChanges_areThereAfterReopening_inTheirOrder() {
        LogFilePopStateStore store = reopened();
        store.load();
        store.append(List.of(new PopChange.Put(UNORDERED), new PopChange.Put(ORDERLY),
                new PopChange.Advance(REACHED)));
        store.append(List.of(new PopChange.Remove(GROUP, TOPIC, 1, 12, 1_700_000_000_000L),
                new PopChange.Put(LATER)));

        assertThat(reopened().load()).isEqualTo(new PopState(List.of(ORDERLY, LATER), List.of(REACHED)));
    }

    @Test
    void anOrderlyCheckpointsAttempt_isKept_appendedAndSaved() {
        LogFilePopStateStore store = reopened();
        store.append(List.of(new PopChange.Put(OF_ATTEMPT), new PopChange.Put(ORDERLY)));
        assertThat(reopened().load().checkpoints()).containsExactly(OF_ATTEMPT, ORDERLY);

        store.save(new PopState(List.of(ORDERLY, OF_ATTEMPT), List.of()));
        assertThat(reopened().load().checkpoints()).containsExactly(ORDERLY, OF_ATTEMPT);
    }

    @Test
    void aSave_replacesWhatWasAppended_andLaterAppendsApplyOnTopOfIt() throws Exception {
        LogFilePopStateStore store = reopened();
        store.append(List.of(new PopChange.Put(UNORDERED), new PopChange.Put(ORDERLY)));
        store.save(new PopState(List.of(ORDERLY), List.of(REACHED)));
        long logAfterSave = Files.size(dir.resolve("config/popState.log"));
        store.append(List.of(new PopChange.Put(LATER)));

        assertThat(logAfterSave).as("the log starts again, empty").isEqualTo(PopStateLogLayout.HEADER_BYTES);
        assertThat(reopened().load()).isEqualTo(new PopState(List.of(ORDERLY, LATER), List.of(REACHED)));
    }

    @Test
    void aTornLastRecord_isDropped_andTheAppendsAfterItFollowWholeRecords() throws Exception {
        LogFilePopStateStore store = reopened();
        store.append(List.of(new PopChange.Put(UNORDERED)));
        store.append(List.of(new PopChange.Put(ORDERLY)));
        Path log = dir.resolve("config/popState.log");
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "rw")) {
            file.setLength(file.length() - 3);
        }

        LogFilePopStateStore restarted = reopened();
        assertThat(restarted.load()).isEqualTo(new PopState(List.of(UNORDERED), List.of()));
        restarted.append(List.of(new PopChange.Put(LATER)));

        assertThat(reopened().load()).isEqualTo(new PopState(List.of(UNORDERED, LATER), List.of()));
    }

    @Test
    void aRecordWhosePayloadWasDamaged_endsTheLog() throws Exception {
        LogFilePopStateStore store = reopened();
        store.append(List.of(new PopChange.Put(UNORDERED)));
        Path log = dir.resolve("config/popState.log");
        long secondRecord = Files.size(log);
        store.append(List.of(new PopChange.Put(ORDERLY)));
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "rw")) {
            file.seek(secondRecord + PopStateLogLayout.RECORD_HEADER_BYTES + 6);
            file.write(0x7f);
        }

        assertThat(reopened().load()).isEqualTo(new PopState(List.of(UNORDERED), List.of()));
    }

    @Test
    void aLogLeftFromBeforeTheLastSnapshot_isNotReplayedOnIt() throws Exception {
        LogFilePopStateStore store = reopened();
        store.append(List.of(new PopChange.Put(UNORDERED)));
        Path log = dir.resolve("config/popState.log");
        Path olderLog = dir.resolve("older.log");
        Files.copy(log, olderLog);
        store.save(new PopState(List.of(), List.of(REACHED)));
        // as if the process died after the snapshot's rename, before the log started again
        Files.copy(olderLog, log, StandardCopyOption.REPLACE_EXISTING);

        assertThat(reopened().load()).isEqualTo(new PopState(List.of(), List.of(REACHED)));
    }

    @Test
    void anOlderBrokersJsonFile_isLoaded_andGoesWithTheFirstSave() {
        Path former = dir.resolve("config/popState.json");
        new JsonPopStateStore(former).save(new PopState(List.of(UNORDERED), List.of(REACHED)));

        LogFilePopStateStore store = reopened();
        assertThat(store.load()).isEqualTo(new PopState(List.of(UNORDERED), List.of(REACHED)));
        store.save(new PopState(List.of(UNORDERED, ORDERLY), List.of(REACHED)));

        assertThat(former).doesNotExist();
        assertThat(reopened().load()).isEqualTo(new PopState(List.of(UNORDERED, ORDERLY), List.of(REACHED)));
    }

    @Test
    void aDamagedSnapshot_isReportedClearly() throws Exception {
        reopened().save(new PopState(List.of(UNORDERED), List.of()));
        Path snapshot = dir.resolve("config/popState.snapshot");
        Files.write(snapshot, new byte[] {1, 2, 3});

        assertThatThrownBy(() -> reopened().load()).isInstanceOf(StorageException.class)
                .hasMessageContaining("popState.snapshot");
    }
}

package io.hexmq.adapters.chronicle.consumequeue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueueIndexTest {

    private static final int SEGMENT_ENTRIES = 4;

    @TempDir
    Path directory;

    private List<String> segmentFiles() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    private static QueueIndex filled(QueueIndex queue, int count) {
        for (int i = 0; i < count; i++) {
            queue.add(100 + i, 10 * i, 1000 + i);
        }
        return queue;
    }

    @Test
    void entries_spanSegmentFilesNamedByTheirFirstOffset() throws IOException {
        QueueIndex queue = filled(QueueIndex.create(directory, SEGMENT_ENTRIES, 0), 9);

        assertThat(segmentFiles()).containsExactly("00000000000000000000", "00000000000000000004",
            "00000000000000000008");
        assertThat(queue.documentIndex(5)).isEqualTo(105);
        assertThat(queue.position(5)).isEqualTo(50);
        assertThat(queue.tagsCode(8)).isEqualTo(1008);
        assertThat(queue.documentIndex(9)).isEqualTo(QueueIndex.GONE);
    }

    @Test
    void reopened_atTheCheckpointsOffsets_holdsThoseEntriesOnly_andWritesTheRestAgain() {
        QueueIndex written = filled(QueueIndex.create(directory, SEGMENT_ENTRIES, 0), 7);
        written.force();

        QueueIndex reopened = QueueIndex.open(directory, SEGMENT_ENTRIES, 0, 5);

        assertThat(reopened.maxOffset()).isEqualTo(5);
        assertThat(reopened.documentIndex(4)).isEqualTo(104);
        assertThat(reopened.documentIndex(5)).isEqualTo(QueueIndex.GONE);
        reopened.add(900, 0, 0);
        assertThat(reopened.documentIndex(5)).isEqualTo(900);
    }

    @Test
    void dropBefore_movesTheMinimum_andDeletesTheSegmentsWhollyBelowIt() throws IOException {
        QueueIndex queue = filled(QueueIndex.create(directory, SEGMENT_ENTRIES, 0), 10);

        queue.dropBefore(106);

        assertThat(queue.minOffset()).isEqualTo(6);
        assertThat(segmentFiles()).containsExactly("00000000000000000004", "00000000000000000008");
        assertThat(queue.documentIndex(3)).isEqualTo(QueueIndex.GONE);
        assertThat(QueueIndex.open(directory, SEGMENT_ENTRIES, 6, 10).documentIndex(9)).isEqualTo(109);
    }

    @Test
    void open_refusesACheckpointWhoseSegmentIsMissing() throws IOException {
        filled(QueueIndex.create(directory, SEGMENT_ENTRIES, 0), 6);
        Files.delete(directory.resolve("00000000000000000004"));

        assertThatThrownBy(() -> QueueIndex.open(directory, SEGMENT_ENTRIES, 0, 6))
            .isInstanceOf(StorageException.class)
            .hasMessageContaining("is missing");
    }
}

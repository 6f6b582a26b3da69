package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.topic.TopicName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonPopStateStoreTest {

    private static final PopOffset REACHED = new PopOffset(new GroupName("cg"), new TopicName("T"), 1, 13);

    private static final PopCheckpoint UNORDERED = PopCheckpoint.unordered(new GroupName("cg"), new TopicName("T"), 1,
            12, 1_700_000_000_000L, 60_000);
    private static final PopCheckpoint ORDERLY = new PopCheckpoint(new GroupName("cg"),
            new TopicName("%RETRY%cg_T"), 0, 3, 1_700_000_000_500L, 30_000, true, 2, 5);
    private static final PopCheckpoint OF_ATTEMPT = new PopCheckpoint(new GroupName("cg"), new TopicName("T"), 2, 7,
            1_700_000_000_700L, 30_000, true, 1, 9, "attempt-1");

    @TempDir
    Path dir;

    @Test
    void loadsNoCheckpoints_whenNothingWasEverSaved() {
        assertThat(new JsonPopStateStore(dir.resolve("popState.json")).load()).isEqualTo(PopState.EMPTY);
    }

    @Test
    void returnsWhatWasSavedLast_afterReopening() {
        Path file = dir.resolve("config/popState.json");
        new JsonPopStateStore(file).save(new PopState(List.of(UNORDERED), List.of()));
        new JsonPopStateStore(file).save(new PopState(List.of(UNORDERED, ORDERLY, OF_ATTEMPT), List.of(REACHED)));

        assertThat(new JsonPopStateStore(file).load())
                .isEqualTo(new PopState(List.of(UNORDERED, ORDERLY, OF_ATTEMPT), List.of(REACHED)));
    }

    @Test
    void anOlderBrokersFile_withoutAttemptIds_loadsAsCheckpointsOfNoAttempt() throws Exception {
        Files.writeString(dir.resolve("popState.json"), "{\"checkpoints\":[{\"group\":\"cg\",\"topic\":\"%RETRY%cg_T\","
                + "\"queueId\":0,\"offset\":3,\"popTime\":1700000000500,\"invisibleTime\":30000,\"orderly\":true,"
                + "\"attempts\":2,\"batchEnd\":5}],\"offsets\":[]}");

        assertThat(new JsonPopStateStore(dir.resolve("popState.json")).load().checkpoints()).containsExactly(ORDERLY);
    }

    @Test
    void reportsACorruptFileClearly() throws Exception {
        for (String corrupt : new String[] {"{\"checkpoints\":[{\"group\":\"cg\"}]}",
            "{\"offsets\":[{\"group\":\"cg\",\"topic\":\"T\"}]}", "[", ""}) {
            Files.writeString(dir.resolve("popState.json"), corrupt);

            assertThatThrownBy(() -> new JsonPopStateStore(dir.resolve("popState.json")).load())
                    .as(corrupt).isInstanceOf(StorageException.class).hasMessageContaining("popState.json");
        }
    }
}

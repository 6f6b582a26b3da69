package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.message.TimerProgress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonTimerProgressStoreTest {

    @TempDir
    Path dir;

    @Test
    void loadsNoProgress_whenNothingWasEverSaved() {
        assertThat(new JsonTimerProgressStore(dir.resolve("timerProgress.json")).load()).isEqualTo(TimerProgress.NONE);
    }

    @Test
    void returnsWhatWasSaved_afterReopening() throws Exception {
        TimerProgress progress = new TimerProgress(12, 1_700_000_000_000L, 14);
        new JsonTimerProgressStore(dir.resolve("config/timerProgress.json")).save(progress);

        assertThat(new JsonTimerProgressStore(dir.resolve("config/timerProgress.json")).load()).isEqualTo(progress);
        String json = Files.readString(dir.resolve("config/timerProgress.json")).replaceAll("\\s", "");
        assertThat(json).isEqualTo("{\"scanFrom\":12,\"lastDueMillis\":1700000000000,\"lastOffset\":14}");
    }

    @Test
    void refusesAFileWithoutTheProgress() throws Exception {
        Files.writeString(dir.resolve("timerProgress.json"), "{\"scanFrom\":3}");

        assertThatThrownBy(() -> new JsonTimerProgressStore(dir.resolve("timerProgress.json")).load())
                .isInstanceOf(StorageException.class).hasMessageContaining("timerProgress.json");
    }
}

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
        TimerProgress progress = TimerProgress.of(12, 40);
        new JsonTimerProgressStore(dir.resolve("config/timerProgress.json")).save(progress);

        assertThat(new JsonTimerProgressStore(dir.resolve("config/timerProgress.json")).load()).isEqualTo(progress);
        String json = Files.readString(dir.resolve("config/timerProgress.json")).replaceAll("\\s", "");
        assertThat(json).isEqualTo("{\"scanFrom\":12,\"markersFrom\":40}");
    }

    @Test
    void loadsAFileFromBeforeMarkers_asItsScanStartAndLastDeliveredPair() throws Exception {
        Files.writeString(dir.resolve("timerProgress.json"),
                "{\n  \"scanFrom\": 12,\n  \"lastDueMillis\": 1700000000000,\n  \"lastOffset\": 14\n}");

        TimerProgress loaded = new JsonTimerProgressStore(dir.resolve("timerProgress.json")).load();

        assertThat(loaded).isEqualTo(TimerProgress.beforeMarkers(12, 1_700_000_000_000L, 14));
        assertThat(loaded.markersFrom()).as("no marker was written before markers existed").isZero();
        assertThat(loaded.ordersAtOrBeforeLastDelivered(1_700_000_000_000L, 14)).isTrue();
        assertThat(loaded.ordersAtOrBeforeLastDelivered(1_700_000_000_000L, 15)).isFalse();
    }

    @Test
    void loadsAFileFromBeforeMarkersThatNeverDelivered_asNoPair() throws Exception {
        Files.writeString(dir.resolve("timerProgress.json"), "{\"scanFrom\":3,\"lastDueMillis\":-1,\"lastOffset\":-1}");

        TimerProgress loaded = new JsonTimerProgressStore(dir.resolve("timerProgress.json")).load();

        assertThat(loaded).isEqualTo(TimerProgress.of(3, 0));
        assertThat(loaded.hasLastDelivered()).isFalse();
    }

    @Test
    void keepsAPairFromBeforeMarkers_untilProgressWithoutItIsSaved() throws Exception {
        Path path = dir.resolve("timerProgress.json");
        new JsonTimerProgressStore(path).save(TimerProgress.beforeMarkers(12, 1_700_000_000_000L, 14));

        assertThat(new JsonTimerProgressStore(path).load()).isEqualTo(TimerProgress.beforeMarkers(12, 1_700_000_000_000L, 14));

        new JsonTimerProgressStore(path).save(TimerProgress.of(13, 2));
        assertThat(Files.readString(path)).doesNotContain("lastDueMillis").doesNotContain("lastOffset");
        assertThat(new JsonTimerProgressStore(path).load()).isEqualTo(TimerProgress.of(13, 2));
    }

    @Test
    void refusesAFileWithoutTheProgress() throws Exception {
        Files.writeString(dir.resolve("timerProgress.json"), "{\"scanFrom\":3}");

        assertThatThrownBy(() -> new JsonTimerProgressStore(dir.resolve("timerProgress.json")).load())
                .isInstanceOf(StorageException.class).hasMessageContaining("timerProgress.json")
                .hasMessageContaining("markersFrom");
    }

    @Test
    void refusesAFileWithHalfAPair() throws Exception {
        Files.writeString(dir.resolve("timerProgress.json"), "{\"scanFrom\":3,\"markersFrom\":0,\"lastOffset\":14}");

        assertThatThrownBy(() -> new JsonTimerProgressStore(dir.resolve("timerProgress.json")).load())
                .isInstanceOf(StorageException.class).hasMessageContaining("lastDueMillis and lastOffset");
    }
}

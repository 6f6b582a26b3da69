package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.StorageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonDelayProgressStoreTest {

    @TempDir
    Path dir;

    @Test
    void loadsNoProgress_whenNothingWasEverSaved() {
        assertThat(new JsonDelayProgressStore(dir.resolve("delayOffset.json")).load()).isEqualTo(DelayProgress.NONE);
    }

    @Test
    void returnsWhatWasSaved_afterReopening() {
        DelayProgress progress = new DelayProgress(Map.of(1, 12L, 3, 4L, 18, 0L));
        new JsonDelayProgressStore(dir.resolve("config/delayOffset.json")).save(progress);

        assertThat(new JsonDelayProgressStore(dir.resolve("config/delayOffset.json")).load()).isEqualTo(progress);
    }

    @Test
    void writesRocketMqShapedJson() throws Exception {
        new JsonDelayProgressStore(dir.resolve("delayOffset.json")).save(new DelayProgress(Map.of(3, 4L, 1, 12L)));

        String json = Files.readString(dir.resolve("delayOffset.json")).replaceAll("\\s", "");
        assertThat(json).isEqualTo("{\"offsetTable\":{\"1\":12,\"3\":4}}");
    }

    @Test
    void readsRocketMqsOwnFile_ignoringItsDataVersion() throws Exception {
        Files.writeString(dir.resolve("delayOffset.json"), "{\"dataVersion\":{\"counter\":3,\"timestamp\":1},"
                + "\"offsetTable\":{\"2\":7}}");

        assertThat(new JsonDelayProgressStore(dir.resolve("delayOffset.json")).load().offsetOf(2)).isEqualTo(7);
    }

    @Test
    void reportsACorruptFileClearly() throws Exception {
        for (String corrupt : new String[] {"{\"offsetTable\":{\"1\":\"x\"}}", "{\"offsetTable\":{\"0\":1}}", "[", ""}) {
            Files.writeString(dir.resolve("delayOffset.json"), corrupt);

            assertThatThrownBy(() -> new JsonDelayProgressStore(dir.resolve("delayOffset.json")).load())
                    .as(corrupt).isInstanceOf(StorageException.class).hasMessageContaining("delayOffset.json");
        }
    }
}

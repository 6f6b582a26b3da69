package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.kvconfig.KvConfigSnapshot;
import io.hexmq.domain.kvconfig.KvConfigStorageException;
import io.hexmq.domain.kvconfig.KvNamespace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonKvConfigStoreTest {

    private static final KvNamespace APP = new KvNamespace("app");

    @TempDir
    Path dir;

    @Test
    void loadsEmpty_whenNothingWasEverSaved() {
        assertThat(new JsonKvConfigStore(dir.resolve("kv.json")).load()).isEqualTo(KvConfigSnapshot.EMPTY);
    }

    @Test
    void returnsWhatWasSaved_afterReopening() {
        KvConfigSnapshot snapshot = KvConfigSnapshot.EMPTY
                .with(APP, "color", "blue")
                .with(KvNamespace.ORDER_TOPIC_CONFIG, "Orders", "broker-a:4");
        new JsonKvConfigStore(dir.resolve("nested/kv.json")).save(snapshot);

        assertThat(new JsonKvConfigStore(dir.resolve("nested/kv.json")).load()).isEqualTo(snapshot);
    }

    @Test
    void writesRocketMqShapedJson() throws Exception {
        new JsonKvConfigStore(dir.resolve("kv.json")).save(KvConfigSnapshot.EMPTY.with(APP, "k", "v"));

        String json = Files.readString(dir.resolve("kv.json"));
        assertThat(json.replaceAll("\\s", "")).isEqualTo("{\"configTable\":{\"app\":{\"k\":\"v\"}}}");
    }

    @Test
    void ignoresATemporaryFileLeftByACrashMidWrite() throws Exception {
        JsonKvConfigStore store = new JsonKvConfigStore(dir.resolve("kv.json"));
        KvConfigSnapshot saved = KvConfigSnapshot.EMPTY.with(APP, "k", "v");
        store.save(saved);
        Files.writeString(dir.resolve("kv.json.tmp"), "{\"configTable\":{\"app\":{\"k\":\"tor", StandardCharsets.UTF_8);

        assertThat(new JsonKvConfigStore(dir.resolve("kv.json")).load()).isEqualTo(saved);
        store.save(saved.with(APP, "k2", "v2"));
        assertThat(store.load().value(APP, "k2")).contains("v2");
    }

    @Test
    void reportsACorruptFileClearly() throws Exception {
        Files.writeString(dir.resolve("kv.json"), "{not json", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> new JsonKvConfigStore(dir.resolve("kv.json")).load())
                .isInstanceOf(KvConfigStorageException.class)
                .hasMessageContaining("kv.json");
    }
}

package io.hexmq.client.internal.offsets;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.MessageQueue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalOffsetStoreTest {

    private static final MessageQueue Q0 = new MessageQueue("T", "b", 0);
    private static final MessageQueue Q1 = new MessageQueue("T", "b", 1);

    @TempDir
    Path dir;

    @Test
    void keepsOffsetsAcrossRestarts_inItsDirectory() {
        LocalOffsetStore store = new LocalOffsetStore(dir, "g");
        store.update(Q0, 5, false);
        store.update(Q1, 9, false);
        store.update(Q1, 3, true);
        store.persistAll(true);

        LocalOffsetStore restarted = new LocalOffsetStore(dir, "g");

        assertThat(restarted.readStored(Q0)).isEqualTo(OptionalLong.of(5));
        assertThat(restarted.readStored(Q1)).isEqualTo(OptionalLong.of(9));
        assertThat(restarted.current(Q0)).isEqualTo(-1);
        assertThat(dir.resolve("g.offsets.json")).exists();
        assertThat(dir.resolve("g.offsets.json.tmp")).doesNotExist();
    }

    @Test
    void remembersAQueueAssignedAway() {
        LocalOffsetStore store = new LocalOffsetStore(dir, "g");
        store.update(Q0, 7, false);

        store.persistAndRemove(Q0);

        assertThat(store.current(Q0)).isEqualTo(-1);
        assertThat(new LocalOffsetStore(dir, "g").readStored(Q0)).isEqualTo(OptionalLong.of(7));
    }

    @Test
    void startsEmpty_whenTheFileIsCorrupt() throws Exception {
        Files.writeString(dir.resolve("g.offsets.json"), "{not json");

        assertThat(new LocalOffsetStore(dir, "g").readStored(Q0)).isEmpty();
    }

    @Test
    void keepsOffsetsInMemoryOnly_withoutADirectory() {
        LocalOffsetStore store = new LocalOffsetStore(null, "g");
        store.update(Q0, 2, false);
        store.persistAll(true);

        assertThat(store.readStored(Q0)).isEqualTo(OptionalLong.of(2));
    }
}

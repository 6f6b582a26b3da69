package io.hexmq.application.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.InMemoryKvConfigStore;
import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvConfigSnapshot;
import io.hexmq.domain.kvconfig.KvNamespace;
import org.junit.jupiter.api.Test;

class RestoreKvConfigTest {

    @Test
    void makesTheSavedConfigCurrent_withoutWritingItBack() {
        InMemoryKvConfigStore store = new InMemoryKvConfigStore();
        store.save(KvConfigSnapshot.EMPTY.with(new KvNamespace("app"), "color", "blue").with(new KvNamespace("app"), "size", "L"));
        int savesBefore = store.saveCount();
        KvConfig kv = new KvConfig(KvConfigSnapshot.EMPTY);

        int restored = new RestoreKvConfig(kv, store).restore();

        assertThat(restored).isEqualTo(2);
        assertThat(kv.value(new KvNamespace("app"), "color")).contains("blue");
        assertThat(store.saveCount()).isEqualTo(savesBefore);
    }
}

package io.hexmq.domain.kvconfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KvConfigTest {

    private static final KvNamespace NS = new KvNamespace("ns");

    private final List<KvConfigSnapshot> saved = new ArrayList<>();
    private final KvConfig config = new KvConfig(KvConfigSnapshot.EMPTY);

    @Test
    void persistsAChange_beforePublishingIt() {
        boolean changed = config.change(snapshot -> snapshot.with(NS, "k", "v"), next -> {
            assertThat(config.value(NS, "k")).as("not yet visible while persisting").isEmpty();
            saved.add(next);
        });

        assertThat(changed).isTrue();
        assertThat(config.value(NS, "k")).contains("v");
        assertThat(saved).containsExactly(config.snapshot());
    }

    @Test
    void publishesNothing_whenPersistingFails() {
        assertThatThrownBy(() -> config.change(snapshot -> snapshot.with(NS, "k", "v"), next -> {
            throw new KvConfigStorageException("disk full", new java.io.IOException("boom"));
        })).isInstanceOf(KvConfigStorageException.class);

        assertThat(config.snapshot()).isEqualTo(KvConfigSnapshot.EMPTY);
    }

    @Test
    void persistsNothing_whenTheChangeChangesNothing() {
        boolean changed = config.change(snapshot -> snapshot.without(NS, "absent"), saved::add);

        assertThat(changed).isFalse();
        assertThat(saved).isEmpty();
    }

    @Test
    void dropsANamespace_withItsLastKey() {
        KvConfigSnapshot snapshot = KvConfigSnapshot.EMPTY.with(NS, "a", "1").with(NS, "b", "2");

        assertThat(snapshot.namespace(NS)).contains(Map.of("a", "1", "b", "2"));
        assertThat(snapshot.without(NS, "a").without(NS, "b").namespace(NS)).isEmpty();
        assertThat(snapshot.without(NS, "a").without(NS, "b")).isEqualTo(KvConfigSnapshot.EMPTY);
    }

    @Test
    void overwritesAValue_forTheSameKey() {
        KvConfigSnapshot snapshot = KvConfigSnapshot.EMPTY.with(NS, "k", "1").with(NS, "k", "2");

        assertThat(snapshot.value(NS, "k")).contains("2");
    }

    @Test
    void rejectsEmptyNamespacesAndKeys() {
        assertThatThrownBy(() -> new KvNamespace("")).isInstanceOf(InvalidKvConfigException.class);
        assertThatThrownBy(() -> KvConfigSnapshot.EMPTY.with(NS, "", "v")).isInstanceOf(InvalidKvConfigException.class);
    }

    @Test
    void snapshotsAreImmutable() {
        KvConfigSnapshot snapshot = KvConfigSnapshot.EMPTY.with(NS, "k", "v");

        assertThatThrownBy(() -> snapshot.namespaces().get(NS).put("x", "y"))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}

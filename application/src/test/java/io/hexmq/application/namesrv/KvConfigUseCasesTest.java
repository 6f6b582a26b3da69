package io.hexmq.application.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvConfigStorageException;
import io.hexmq.domain.kvconfig.KvNamespace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** PutKvConfig, GetKvConfig, DeleteKvConfig and GetKvConfigsByNamespace over the KvConfigStore port. */
class KvConfigUseCasesTest {

    private static final KvNamespace NS = new KvNamespace("ns");

    private final NameServer ns = new NameServer();

    @Test
    void readsBackWhatWasPut() {
        ns.putKvConfig.put(new PutKvConfig.Command(NS, "a", "1"));
        ns.putKvConfig.put(new PutKvConfig.Command(NS, "b", "2"));

        assertThat(ns.getKvConfig.get(new GetKvConfig.Query(NS, "a"))).contains("1");
        assertThat(ns.getKvConfigsByNamespace.get(new GetKvConfigsByNamespace.Query(NS)))
                .contains(Map.of("a", "1", "b", "2"));
    }

    @Test
    void answersNothing_forAnUnknownKeyOrNamespace() {
        assertThat(ns.getKvConfig.get(new GetKvConfig.Query(NS, "a"))).isEmpty();
        assertThat(ns.getKvConfigsByNamespace.get(new GetKvConfigsByNamespace.Query(NS))).isEmpty();
    }

    @Test
    void deletesAnEntry_andTheNamespaceWithItsLastEntry() {
        ns.putKvConfig.put(new PutKvConfig.Command(NS, "a", "1"));

        assertThat(ns.deleteKvConfig.delete(new DeleteKvConfig.Command(NS, "a"))).isTrue();
        assertThat(ns.deleteKvConfig.delete(new DeleteKvConfig.Command(NS, "a"))).isFalse();
        assertThat(ns.getKvConfig.get(new GetKvConfig.Query(NS, "a"))).isEmpty();
        assertThat(ns.getKvConfigsByNamespace.get(new GetKvConfigsByNamespace.Query(NS))).isEmpty();
    }

    @Test
    void survivesAReload_throughTheStore() {
        ns.putKvConfig.put(new PutKvConfig.Command(NS, "a", "1"));
        ns.putKvConfig.put(new PutKvConfig.Command(KvNamespace.ORDER_TOPIC_CONFIG, "T1", "broker-a:4"));
        ns.deleteKvConfig.delete(new DeleteKvConfig.Command(NS, "a"));
        ns.putKvConfig.put(new PutKvConfig.Command(NS, "b", "2"));

        // A restarted NameServer: a fresh KvConfig loaded from the same store.
        GetKvConfig restarted = new GetKvConfig(new KvConfig(ns.kvStore.load()));

        assertThat(restarted.get(new GetKvConfig.Query(NS, "a"))).isEmpty();
        assertThat(restarted.get(new GetKvConfig.Query(NS, "b"))).contains("2");
        assertThat(restarted.get(new GetKvConfig.Query(KvNamespace.ORDER_TOPIC_CONFIG, "T1"))).contains("broker-a:4");
    }

    @Test
    void changesNothing_whenTheStoreFailsToSave() {
        ns.putKvConfig.put(new PutKvConfig.Command(NS, "a", "1"));
        ns.kvStore.failNextSave();

        assertThatThrownBy(() -> ns.putKvConfig.put(new PutKvConfig.Command(NS, "a", "2")))
                .isInstanceOf(KvConfigStorageException.class);

        assertThat(ns.getKvConfig.get(new GetKvConfig.Query(NS, "a"))).contains("1");
        assertThat(ns.kvStore.load().value(NS, "a")).contains("1");
    }

    @Test
    void savesNothing_whenAPutChangesNothing() {
        ns.putKvConfig.put(new PutKvConfig.Command(NS, "a", "1"));
        ns.putKvConfig.put(new PutKvConfig.Command(NS, "a", "1"));
        ns.deleteKvConfig.delete(new DeleteKvConfig.Command(NS, "absent"));

        assertThat(ns.kvStore.saveCount()).isEqualTo(1);
    }

    @Test
    void storesTheLatestSnapshot_whenPutsRace() throws Exception {
        int threads = 4;
        int putsPerThread = 200;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < putsPerThread; i++) {
                        ns.putKvConfig.put(new PutKvConfig.Command(NS, "k" + thread + "-" + i, "v" + i));
                    }
                }));
            }
            for (Future<?> future : done) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(ns.kvStore.load()).isEqualTo(ns.kvConfig.snapshot());
        assertThat(ns.kvStore.load().namespace(NS).orElseThrow()).hasSize(threads * putsPerThread);
    }
}

package io.hexmq.application.namesrv;

import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvConfigSnapshot;
import io.hexmq.domain.kvconfig.port.KvConfigStore;

/**
 * At start, before the NameServer answers anyone, the KV config saved by the previous run becomes the
 * current one. Nothing is written back: what was loaded is already durable.
 */
public final class RestoreKvConfig {

    private final KvConfig kvConfig;
    private final KvConfigStore store;

    public RestoreKvConfig(KvConfig kvConfig, KvConfigStore store) {
        this.kvConfig = kvConfig;
        this.store = store;
    }

    /** @return how many entries were restored, over all namespaces */
    public int restore() {
        KvConfigSnapshot saved = store.load();
        kvConfig.change(current -> saved, alreadyDurable -> { });
        return saved.namespaces().values().stream().mapToInt(java.util.Map::size).sum();
    }
}

package io.hexmq.application.fakes;

import io.hexmq.domain.kvconfig.KvConfigSnapshot;
import io.hexmq.domain.kvconfig.KvConfigStorageException;
import io.hexmq.domain.kvconfig.port.KvConfigStore;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/** Keeps the last saved KV config in memory; can be told to fail its next save, as a full disk would. */
public final class InMemoryKvConfigStore implements KvConfigStore {

    private volatile KvConfigSnapshot saved = KvConfigSnapshot.EMPTY;
    private volatile boolean failNextSave;
    private final AtomicInteger saves = new AtomicInteger();

    @Override
    public KvConfigSnapshot load() {
        return saved;
    }

    @Override
    public void save(KvConfigSnapshot snapshot) {
        if (failNextSave) {
            failNextSave = false;
            throw new KvConfigStorageException("simulated save failure", new IOException("disk full"));
        }
        saved = snapshot;
        saves.incrementAndGet();
    }

    public void failNextSave() {
        failNextSave = true;
    }

    public int saveCount() {
        return saves.get();
    }
}

package io.hexmq.application.namesrv;

import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.kvconfig.port.KvConfigStore;
import java.util.Objects;

/**
 * An admin sets one KV config entry (PUT_KV_CONFIG), e.g. a topic's order config. The entry is saved
 * through the {@link KvConfigStore} before anyone can read it, so what readers see survives a restart.
 */
public final class PutKvConfig {

    public record Command(KvNamespace namespace, String key, String value) {

        public Command {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }
    }

    private final KvConfig kvConfig;
    private final KvConfigStore store;

    public PutKvConfig(KvConfig kvConfig, KvConfigStore store) {
        this.kvConfig = Objects.requireNonNull(kvConfig, "kvConfig");
        this.store = Objects.requireNonNull(store, "store");
    }

    /** @throws io.hexmq.domain.kvconfig.KvConfigStorageException when the store fails; nothing changes then */
    public void put(Command command) {
        kvConfig.change(current -> current.with(command.namespace(), command.key(), command.value()), store::save);
    }
}

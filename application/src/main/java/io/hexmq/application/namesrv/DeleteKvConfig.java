package io.hexmq.application.namesrv;

import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.kvconfig.port.KvConfigStore;
import java.util.Objects;

/** An admin removes one KV config entry (DELETE_KV_CONFIG), durably. Removing an absent entry is no error. */
public final class DeleteKvConfig {

    public record Command(KvNamespace namespace, String key) {

        public Command {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(key, "key");
        }
    }

    private final KvConfig kvConfig;
    private final KvConfigStore store;

    public DeleteKvConfig(KvConfig kvConfig, KvConfigStore store) {
        this.kvConfig = Objects.requireNonNull(kvConfig, "kvConfig");
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * @return true if the entry existed
     * @throws io.hexmq.domain.kvconfig.KvConfigStorageException when the store fails; nothing changes then
     */
    public boolean delete(Command command) {
        return kvConfig.change(current -> current.without(command.namespace(), command.key()), store::save);
    }
}

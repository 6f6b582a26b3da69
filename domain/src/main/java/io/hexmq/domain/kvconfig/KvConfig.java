package io.hexmq.domain.kvconfig;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The NameServer's KV config, the only NameServer state that outlives a restart.
 *
 * <p>Readers read the current {@link KvConfigSnapshot} without locking. Writers go through
 * {@link #change}, one at a time: the new snapshot is handed to a {@code persist} step first and becomes
 * visible only if that step returns. Snapshots therefore reach durable storage in the order they were
 * made, and a failed save leaves readers with what is still on disk.
 */
public final class KvConfig {

    private volatile KvConfigSnapshot current;

    public KvConfig(KvConfigSnapshot initial) {
        this.current = Objects.requireNonNull(initial, "initial");
    }

    public KvConfigSnapshot snapshot() {
        return current;
    }

    public Optional<String> value(KvNamespace namespace, String key) {
        return current.value(namespace, key);
    }

    public Optional<Map<String, String>> namespace(KvNamespace namespace) {
        return current.namespace(namespace);
    }

    /**
     * Applies {@code change}; when it changes anything, passes the result to {@code persist} and then
     * publishes it. An exception from {@code persist} propagates and publishes nothing.
     *
     * @return true if the config changed
     */
    public synchronized boolean change(UnaryOperator<KvConfigSnapshot> change, Consumer<KvConfigSnapshot> persist) {
        KvConfigSnapshot next = change.apply(current);
        if (next.equals(current)) {
            return false;
        }
        persist.accept(next);
        current = next;
        return true;
    }
}

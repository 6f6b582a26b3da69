package io.hexmq.application.namesrv;

import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvNamespace;
import java.util.Objects;
import java.util.Optional;

/** An admin or broker reads one KV config entry (GET_KV_CONFIG). */
public final class GetKvConfig {

    public record Query(KvNamespace namespace, String key) {

        public Query {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(key, "key");
        }
    }

    private final KvConfig kvConfig;

    public GetKvConfig(KvConfig kvConfig) {
        this.kvConfig = Objects.requireNonNull(kvConfig, "kvConfig");
    }

    /** @return empty when there is no such entry (the wire answers QUERY_NOT_FOUND) */
    public Optional<String> get(Query query) {
        return kvConfig.value(query.namespace(), query.key());
    }
}

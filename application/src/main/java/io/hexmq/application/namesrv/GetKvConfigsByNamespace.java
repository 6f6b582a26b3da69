package io.hexmq.application.namesrv;

import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvNamespace;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** An admin or broker reads a whole KV config namespace (GET_KVLIST_BY_NAMESPACE). */
public final class GetKvConfigsByNamespace {

    public record Query(KvNamespace namespace) {

        public Query {
            Objects.requireNonNull(namespace, "namespace");
        }
    }

    private final KvConfig kvConfig;

    public GetKvConfigsByNamespace(KvConfig kvConfig) {
        this.kvConfig = Objects.requireNonNull(kvConfig, "kvConfig");
    }

    /** @return the namespace's entries sorted by key, or empty when it has none (QUERY_NOT_FOUND) */
    public Optional<Map<String, String>> get(Query query) {
        return kvConfig.namespace(query.namespace());
    }
}

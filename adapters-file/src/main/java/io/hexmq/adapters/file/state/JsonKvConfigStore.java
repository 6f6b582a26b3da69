package io.hexmq.adapters.file.state;

import io.hexmq.domain.kvconfig.KvConfigSnapshot;
import io.hexmq.domain.kvconfig.KvConfigStorageException;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.kvconfig.port.KvConfigStore;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * KV config in one JSON file shaped like RocketMQ's {@code kvConfig.json}:
 * {@code {"configTable":{"NAMESPACE":{"key":"value"}}}}, replaced atomically on every save.
 */
public final class JsonKvConfigStore implements KvConfigStore {

    private final JsonStateFile<KvFile> file;

    public JsonKvConfigStore(Path path) {
        this.file = new JsonStateFile<>(path, KvFile.class, "KV config",
                KvConfigStorageException::new);
    }

    @Override
    public KvConfigSnapshot load() {
        return file.read(KvConfigSnapshot.EMPTY, parsed -> {
            if (parsed == null || parsed.configTable == null) {
                return KvConfigSnapshot.EMPTY;
            }
            Map<KvNamespace, Map<String, String>> namespaces = new LinkedHashMap<>();
            parsed.configTable.forEach((namespace, entries) ->
                    namespaces.put(new KvNamespace(namespace), entries == null ? Map.of() : entries));
            return new KvConfigSnapshot(namespaces);
        });
    }

    @Override
    public void save(KvConfigSnapshot snapshot) {
        Map<String, Map<String, String>> table = new TreeMap<>();
        snapshot.namespaces().forEach((namespace, entries) -> table.put(namespace.value(), entries));
        KvFile content = new KvFile();
        content.configTable = table;
        file.write(content);
    }

    /** The file's JSON shape. */
    private static final class KvFile {
        Map<String, Map<String, String>> configTable;
    }
}

package io.hexmq.adapters.file.state;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import io.hexmq.domain.kvconfig.KvConfigSnapshot;
import io.hexmq.domain.kvconfig.KvConfigStorageException;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.kvconfig.port.KvConfigStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * KV config in one JSON file shaped like RocketMQ's {@code kvConfig.json}:
 * {@code {"configTable":{"NAMESPACE":{"key":"value"}}}}, replaced atomically on every save.
 */
public final class JsonKvConfigStore implements KvConfigStore {

    private final AtomicFile file;
    private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    public JsonKvConfigStore(Path path) {
        this.file = new AtomicFile(path);
    }

    @Override
    public KvConfigSnapshot load() {
        try {
            byte[] bytes = file.read().orElse(null);
            if (bytes == null) {
                return KvConfigSnapshot.EMPTY;
            }
            KvFile parsed = gson.fromJson(new String(bytes, StandardCharsets.UTF_8), KvFile.class);
            if (parsed == null || parsed.configTable == null) {
                return KvConfigSnapshot.EMPTY;
            }
            Map<KvNamespace, Map<String, String>> namespaces = new LinkedHashMap<>();
            parsed.configTable.forEach((namespace, entries) ->
                    namespaces.put(new KvNamespace(namespace), entries == null ? Map.of() : entries));
            return new KvConfigSnapshot(namespaces);
        } catch (IOException | JsonParseException e) {
            throw new KvConfigStorageException("cannot read KV config from " + file.path() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void save(KvConfigSnapshot snapshot) {
        Map<String, Map<String, String>> table = new TreeMap<>();
        snapshot.namespaces().forEach((namespace, entries) -> table.put(namespace.value(), entries));
        KvFile content = new KvFile();
        content.configTable = table;
        try {
            file.write(gson.toJson(content).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new KvConfigStorageException("cannot write KV config to " + file.path() + ": " + e.getMessage(), e);
        }
    }

    /** The file's JSON shape. */
    private static final class KvFile {
        Map<String, Map<String, String>> configTable;
    }
}

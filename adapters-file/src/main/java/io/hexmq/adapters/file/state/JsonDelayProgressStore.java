package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.message.port.DelayProgressStore;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The delay scheduler's progress in one JSON file shaped like RocketMQ's {@code delayOffset.json}:
 * {@code {"offsetTable":{"1":12,"3":4}}} (delay level → next schedule-queue offset), replaced
 * atomically on every save, so a crash leaves the previous or the new progress, never a torn file.
 * Fields RocketMQ adds beside {@code offsetTable} (5.x writes a {@code dataVersion}) are ignored.
 */
public final class JsonDelayProgressStore implements DelayProgressStore {

    private final JsonStateFile<ProgressFile> file;

    public JsonDelayProgressStore(Path path) {
        this.file = new JsonStateFile<>(path, ProgressFile.class, "delay progress",
                StorageException::new);
    }

    @Override
    public DelayProgress load() {
        return file.read(DelayProgress.NONE, JsonDelayProgressStore::toDomain);
    }

    @Override
    public synchronized void save(DelayProgress progress) {
        ProgressFile content = new ProgressFile();
        content.offsetTable = new TreeMap<>(progress.offsetTable());
        file.write(content);
    }

    private static DelayProgress toDomain(ProgressFile parsed) {
        if (parsed == null) {
            throw new JsonParseException("the file is empty");
        }
        if (parsed.offsetTable == null) {
            return DelayProgress.NONE;
        }
        if (parsed.offsetTable.containsKey(null) || parsed.offsetTable.containsValue(null)) {
            throw new JsonParseException("an entry without level or offset");
        }
        return new DelayProgress(parsed.offsetTable);
    }

    /** The file's JSON shape. */
    private static final class ProgressFile {
        Map<Integer, Long> offsetTable;
    }
}

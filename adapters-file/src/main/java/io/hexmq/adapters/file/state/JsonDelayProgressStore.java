package io.hexmq.adapters.file.state;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.message.port.DelayProgressStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

    private final AtomicFile file;
    private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    public JsonDelayProgressStore(Path path) {
        this.file = new AtomicFile(path);
    }

    @Override
    public DelayProgress load() {
        try {
            byte[] bytes = file.read().orElse(null);
            if (bytes == null) {
                return DelayProgress.NONE;
            }
            ProgressFile parsed = gson.fromJson(new String(bytes, StandardCharsets.UTF_8), ProgressFile.class);
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
        } catch (IOException | JsonParseException | IllegalArgumentException e) {
            throw new StorageException("cannot read delay progress from " + file.path() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void save(DelayProgress progress) {
        ProgressFile content = new ProgressFile();
        content.offsetTable = new TreeMap<>(progress.offsetTable());
        try {
            file.write(gson.toJson(content).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new StorageException("cannot write delay progress to " + file.path() + ": " + e.getMessage(), e);
        }
    }

    /** The file's JSON shape. */
    private static final class ProgressFile {
        Map<Integer, Long> offsetTable;
    }
}

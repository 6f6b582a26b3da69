package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.message.port.TimerProgressStore;
import java.nio.file.Path;

/**
 * The timer scheduler's progress in one small JSON file, {@code {"scanFrom":12,"markersFrom":40}},
 * replaced atomically on every save, so a crash leaves the previous or the new progress, never a torn
 * file. (RocketMQ keeps its timer checkpoint in a binary {@code timercheck}; hexmq's wheel is rebuilt
 * differently, so the file is its own.)
 *
 * <p>Earlier hexmq wrote {@code {"scanFrom":12,"lastDueMillis":1700000000000,"lastOffset":14}}, before
 * delivered messages were marked; such a file loads as {@link TimerProgress#beforeMarkers}, and the
 * pair is written back only while the progress still carries it (the scheduler drops it at its first
 * save). A file with neither a marker offset nor a complete pair is refused.
 */
public final class JsonTimerProgressStore implements TimerProgressStore {

    private final JsonStateFile<ProgressFile> file;

    public JsonTimerProgressStore(Path path) {
        this.file = new JsonStateFile<>(path, ProgressFile.class, "timer progress", StorageException::new);
    }

    @Override
    public TimerProgress load() {
        return file.read(TimerProgress.NONE, JsonTimerProgressStore::toDomain);
    }

    @Override
    public synchronized void save(TimerProgress progress) {
        ProgressFile content = new ProgressFile();
        content.scanFrom = progress.scanFrom();
        content.markersFrom = progress.markersFrom();
        if (progress.hasLastDelivered()) {
            content.lastDueMillis = progress.lastDueMillis();
            content.lastOffset = progress.lastOffset();
        }
        file.write(content);
    }

    private static TimerProgress toDomain(ProgressFile parsed) {
        if (parsed == null || parsed.scanFrom == null) {
            throw new JsonParseException("scanFrom is required");
        }
        boolean pair = parsed.lastDueMillis != null && parsed.lastOffset != null;
        if (!pair && (parsed.lastDueMillis != null || parsed.lastOffset != null)) {
            throw new JsonParseException("lastDueMillis and lastOffset go together");
        }
        if (parsed.markersFrom == null && !pair) {
            throw new JsonParseException("markersFrom, or lastDueMillis and lastOffset, are required");
        }
        return new TimerProgress(parsed.scanFrom, parsed.markersFrom == null ? 0 : parsed.markersFrom,
                pair ? parsed.lastDueMillis : -1, pair ? parsed.lastOffset : -1);
    }

    /** The file's JSON shape. */
    private static final class ProgressFile {
        Long scanFrom;
        Long markersFrom;
        Long lastDueMillis;
        Long lastOffset;
    }
}

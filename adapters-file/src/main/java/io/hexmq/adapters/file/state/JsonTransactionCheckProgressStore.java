package io.hexmq.adapters.file.state;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The transaction check-back's progress in one small JSON file, {@code {"halfOffset":12,"opOffset":7}},
 * replaced atomically on every save, so a crash leaves the previous or the new progress, never a torn
 * file. RocketMQ keeps the same two offsets as consumer offsets of group {@code CID_RMQ_SYS_TRANS}.
 */
public final class JsonTransactionCheckProgressStore implements TransactionCheckProgressStore {

    private final AtomicFile file;
    private final Gson gson = new GsonBuilder().setPrettyPrinting().create();

    public JsonTransactionCheckProgressStore(Path path) {
        this.file = new AtomicFile(path);
    }

    @Override
    public TransactionCheckProgress load() {
        try {
            byte[] bytes = file.read().orElse(null);
            if (bytes == null) {
                return TransactionCheckProgress.NONE;
            }
            ProgressFile parsed = gson.fromJson(new String(bytes, StandardCharsets.UTF_8), ProgressFile.class);
            if (parsed == null || parsed.halfOffset == null || parsed.opOffset == null) {
                throw new JsonParseException("halfOffset and opOffset are required");
            }
            return new TransactionCheckProgress(parsed.halfOffset, parsed.opOffset);
        } catch (IOException | JsonParseException | IllegalArgumentException e) {
            throw new StorageException("cannot read transaction check progress from " + file.path() + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void save(TransactionCheckProgress progress) {
        ProgressFile content = new ProgressFile();
        content.halfOffset = progress.halfOffset();
        content.opOffset = progress.opOffset();
        try {
            file.write(gson.toJson(content).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new StorageException("cannot write transaction check progress to " + file.path() + ": "
                    + e.getMessage(), e);
        }
    }

    /** The file's JSON shape. */
    private static final class ProgressFile {
        Long halfOffset;
        Long opOffset;
    }
}

package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;
import java.nio.file.Path;

/**
 * The transaction check-back's progress in one small JSON file, {@code {"halfOffset":12,"opOffset":7}},
 * replaced atomically on every save, so a crash leaves the previous or the new progress, never a torn
 * file. RocketMQ keeps the same two offsets as consumer offsets of group {@code CID_RMQ_SYS_TRANS}.
 */
public final class JsonTransactionCheckProgressStore implements TransactionCheckProgressStore {

    private final JsonStateFile<ProgressFile> file;

    public JsonTransactionCheckProgressStore(Path path) {
        this.file = new JsonStateFile<>(path, ProgressFile.class, "transaction check progress",
                StorageException::new);
    }

    @Override
    public TransactionCheckProgress load() {
        return file.read(TransactionCheckProgress.NONE, parsed -> {
            if (parsed == null || parsed.halfOffset == null || parsed.opOffset == null) {
                throw new JsonParseException("halfOffset and opOffset are required");
            }
            return new TransactionCheckProgress(parsed.halfOffset, parsed.opOffset);
        });
    }

    @Override
    public synchronized void save(TransactionCheckProgress progress) {
        ProgressFile content = new ProgressFile();
        content.halfOffset = progress.halfOffset();
        content.opOffset = progress.opOffset();
        file.write(content);
    }

    /** The file's JSON shape. */
    private static final class ProgressFile {
        Long halfOffset;
        Long opOffset;
    }
}

package io.hexmq.adapters.file;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The file store's start-up: loads the files and brings the consume queues and the key index back in
 * line with the commit log. The {@code abort} file, present while the store runs, tells a crash from a
 * clean shutdown.
 *
 * <p>After a clean shutdown the checkpoint is trusted. After a crash every record from the checkpoint's
 * flushed offset (or from the oldest segment) is verified, the log is cut at the first bad one,
 * consume-queue entries beyond the cut are removed and missing ones re-dispatched; the key index is
 * trimmed to where dispatching restarts and rebuilt from there. Consume queues still holding a deleted
 * topic generation are dropped.
 */
final class Recovery {

    private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

    private final StoreFiles files;
    private final Path abortFile;

    Recovery(StoreFiles files) {
        this.files = files;
        this.abortFile = files.root().resolve("abort");
    }

    /** Loads and recovers the files, then marks the store running (the abort file). */
    void open() {
        Path root = files.root();
        try {
            Files.createDirectories(root);
            boolean crashed = Files.exists(abortFile);
            Optional<Checkpoint.Values> saved = files.checkpoint().read();
            files.commitLog().load();
            files.queues().load();
            files.deletedTopics().load();
            dropDeletedGenerations();
            files.index().load();
            boolean clean = !crashed && saved.isPresent();
            long trusted = saved.map(Checkpoint.Values::commitLogFlushed).orElse(0L);
            long end = files.commitLog().recover(trusted, !clean);
            files.queues().truncateBeyond(end);
            long dispatchFrom = Math.max(files.commitLog().minOffset(),
                Math.min(end, saved.map(Checkpoint.Values::dispatchedFlushed).orElse(0L)));
            files.index().trimFrom(dispatchFrom, files.commitLog()::storeTimestampAt);
            files.dispatcher().recover(dispatchFrom);
            files.queues().correctMinOffsets(files.commitLog().minOffset());
            if (!crashed) {
                Files.createFile(abortFile);
            }
            if (!crashed && saved.isEmpty() && end == 0) {
                LOG.info("new store in {}", root);
            } else {
                LOG.info("store recovered {} shutdown: commit log {}..{}, {} consume queues",
                    clean ? "after a clean" : "after an unclean", files.commitLog().minOffset(), end,
                    files.queues().all().size());
            }
        } catch (IOException e) {
            throw new StorageException("cannot start the store in " + root, e);
        }
    }

    private void dropDeletedGenerations() {
        for (String topic : files.queues().topics()) {
            long deletedAt = files.deletedTopics().deletedAt(topic);
            if (deletedAt > 0) {
                files.queues().deleteStale(topic, deletedAt);
            }
        }
    }

    /** After the final flush and checkpoint: the next start is a clean one. */
    void markCleanShutdown() {
        try {
            Files.deleteIfExists(abortFile);
        } catch (IOException e) {
            throw new StorageException("cannot remove " + abortFile, e);
        }
    }
}

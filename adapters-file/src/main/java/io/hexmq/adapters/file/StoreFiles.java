package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.domain.time.port.Clock;
import java.nio.file.Path;

/**
 * The files of one file store under {@code storePathRootDir} and the dispatcher that keeps the queues
 * and the key index up with the commit log: what the store's start-up, appends, reads, queries and
 * retention share. Building it opens nothing; {@link Recovery} loads the files.
 */
record StoreFiles(Path root, CommitLog commitLog, ConsumeQueueTable queues, MessageIndex index,
                  DeletedTopics deletedTopics, Checkpoint checkpoint, Dispatcher dispatcher) {

    static StoreFiles under(FileStoreSettings settings, Clock clock) {
        Path root = settings.storePathRootDir();
        CommitLog commitLog = new CommitLog(commitLogDirectory(root), settings.mappedFileSizeCommitLog(),
            settings.maxRecordLength(), clock);
        ConsumeQueueTable queues = new ConsumeQueueTable(root.resolve("consumequeue"),
            settings.mappedFileSizeConsumeQueue());
        MessageIndex index = new MessageIndex(root.resolve("index"), settings.maxHashSlotNum(), settings.maxIndexNum(),
            clock);
        DeletedTopics deletedTopics = new DeletedTopics(root.resolve("deletedtopics"));
        return new StoreFiles(root, commitLog, queues, index, deletedTopics, new Checkpoint(root.resolve("checkpoint")),
            new Dispatcher(commitLog, queues, index, deletedTopics));
    }

    /** Where the commit log's segments live under the store's root (RocketMQ's default storePathCommitLog). */
    static Path commitLogDirectory(Path root) {
        return root.resolve("commitlog");
    }
}

package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.AppendTicket;
import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.commitlog.QueueCounter;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.storage.AppendEncoding;
import io.hexmq.storage.DiskSpaceGuard;
import io.hexmq.storage.FlushDiskType;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The file store's appends: encode into this thread's reused buffer, resolve the queue counter, then the
 * commit log's single-writer section (position, stamp, copy), then dispatch into the consume queues (so
 * the message is readable on return). Under {@link FlushDiskType#SYNC_FLUSH} the written append then leaves
 * a waiter with the group commit ({@link FlushService#whenFlushed}): {@link #appendAsync} returns its stage
 * at once, completed by the flush that covers it, so no thread is held per durable send; the blocking
 * appends (schedulers, replication) wait for that same stage ({@link FlushService#awaitFlushed}). Nothing is allocated per message but the
 * {@link AppendResult}, its msgIds and, under SYNC_FLUSH, the waiter and its stage. An append "as given"
 * ({@link StoreStamp}) takes the same path with the given host and time instead of the store's own.
 */
final class Appender {

    private final StoreFiles files;
    private final QueueCounters counters;
    private final FlushService flushService;
    private final CommitLogPrefaulter prefaulter;
    private final DiskSpaceGuard diskSpace;
    private final HostAddress storeHost;
    private final int maxMessageSize;
    private final boolean syncFlush;
    private final ThreadLocal<AppendContext> appendContexts;

    Appender(StoreFiles files, FlushService flushService, CommitLogPrefaulter prefaulter, DiskSpaceGuard diskSpace,
             FileStoreSettings settings, HostAddress storeHost) {
        this.files = files;
        this.counters = new QueueCounters(files.queues());
        this.flushService = flushService;
        this.prefaulter = prefaulter;
        this.diskSpace = diskSpace;
        this.storeHost = storeHost;
        this.maxMessageSize = settings.maxMessageSize();
        this.syncFlush = settings.flushDiskType() == FlushDiskType.SYNC_FLUSH;
        int maxRecordLength = settings.maxRecordLength();
        this.appendContexts = ThreadLocal.withInitial(() -> new AppendContext(maxRecordLength, storeHost));
    }

    /** Per appending thread: the reused encode buffer and the landing spot of the last append. */
    private static final class AppendContext {
        final MessageEncoder encoder;
        final AppendTicket ticket = new AppendTicket();

        AppendContext(int maxRecordLength, HostAddress storeHost) {
            this.encoder = new MessageEncoder(maxRecordLength, storeHost);
        }
    }

    AppendResult append(Message message) {
        return durable(append(message, storeHost, AppendEncoding.CLOCK_TIME));
    }

    AppendResult append(Message message, StoreStamp stamp) {
        return durable(append(message, stamp.storeHost(), stamp.storeTimestamp()));
    }

    AppendResult appendBatch(List<Message> messages) {
        return durable(appendBatch(messages, storeHost, AppendEncoding.CLOCK_TIME));
    }

    AppendResult appendBatch(List<Message> messages, StoreStamp stamp) {
        return durable(appendBatch(messages, stamp.storeHost(), stamp.storeTimestamp()));
    }

    CompletionStage<AppendResult> appendAsync(Message message) {
        return whenDurable(append(message, storeHost, AppendEncoding.CLOCK_TIME));
    }

    CompletionStage<AppendResult> appendBatchAsync(List<Message> messages) {
        return whenDurable(appendBatch(messages, storeHost, AppendEncoding.CLOCK_TIME));
    }

    /** {@code written} once the flush policy holds it true: the blocking appends wait here, the only place. */
    private AppendResult durable(AppendResult written) {
        return syncFlush && written.status().isStored()
            ? flushService.awaitFlushed(written.commitLogOffset() + written.wroteBytes(), written) : written;
    }

    /**
     * The stage of a written (readable) append: complete at once under ASYNC_FLUSH or for a refusal, else
     * completed by the group commit once the flush covers the append's end.
     */
    private CompletionStage<AppendResult> whenDurable(AppendResult written) {
        if (!syncFlush || !written.status().isStored()) {
            return CompletableFuture.completedFuture(written);
        }
        return flushService.whenFlushed(written.commitLogOffset() + written.wroteBytes(), written);
    }

    private AppendResult append(Message message, HostAddress host, long storeTimestamp) {
        AppendResult refusal = diskSpace.refusal();
        if (refusal != null) {
            return refusal;
        }
        AppendContext context = appendContexts.get();
        AppendResult rejection = AppendEncoding.encode(context.encoder, message, host, maxMessageSize);
        if (rejection != null) {
            return rejection;
        }
        QueueCounter counter = MessageSysFlag.isHiddenFromConsumeQueue(message.sysFlag())
            ? null : counters.forQueue(message.topic(), message.queueId());
        return commit(context, 1, counter, host, storeTimestamp);
    }

    private AppendResult appendBatch(List<Message> messages, HostAddress host, long storeTimestamp) {
        AppendResult refusal = diskSpace.refusal();
        if (refusal != null) {
            return refusal;
        }
        AppendContext context = appendContexts.get();
        AppendResult rejection = AppendEncoding.encodeBatch(context.encoder, messages, host, maxMessageSize);
        if (rejection != null) {
            return rejection;
        }
        Message first = messages.get(0);
        return commit(context, messages.size(), counters.forQueue(first.topic(), first.queueId()), host,
            storeTimestamp);
    }

    /** Deletes the topic's queues and counters under the dispatch lock (see {@link Dispatcher#deleteTopic}). */
    void deleteTopic(String topic) {
        files.dispatcher().deleteTopic(topic, () -> counters.removeTopic(topic));
    }

    private AppendResult commit(AppendContext context, int count, QueueCounter counter, HostAddress host,
                                long storeTimestamp) {
        MessageEncoder encoder = context.encoder;
        AppendTicket ticket = context.ticket;
        CommitLog.AppendOutcome outcome = files.commitLog().append(encoder.encoded(), encoder.encodedLength(), count,
            counter, storeTimestamp, ticket);
        if (outcome != CommitLog.AppendOutcome.OK) {
            return AppendResult.rejected(AppendStatus.CREATE_MAPPED_FILE_FAILED,
                "cannot create a commit-log segment in " + files.root());
        }
        prefaulter.written(ticket.endOffset());
        files.dispatcher().dispatchUpTo(ticket.endOffset());
        List<String> msgIds = AppendEncoding.msgIds(host, ticket.physicalOffset(), encoder.encoded(), count);
        return new AppendResult(AppendStatus.PUT_OK, "", ticket.queueOffset(), ticket.physicalOffset(),
            ticket.length(), msgIds, ticket.storeTimestamp());
    }
}

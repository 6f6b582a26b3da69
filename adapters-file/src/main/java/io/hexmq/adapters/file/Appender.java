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

/**
 * The file store's appends: encode into this thread's reused buffer, resolve the queue counter, then the
 * commit log's single-writer section (position, stamp, copy), then dispatch into the consume queues (so
 * the message is readable on return), then, under {@link FlushDiskType#SYNC_FLUSH}, wait for the group
 * commit. Nothing is allocated per message but the {@link AppendResult} and its msgIds. An append "as
 * given" ({@link StoreStamp}) takes the same path with the given host and time instead of the store's own.
 */
final class Appender {

    private final StoreFiles files;
    private final QueueCounters counters;
    private final FlushService flushService;
    private final DiskSpaceGuard diskSpace;
    private final HostAddress storeHost;
    private final int maxMessageSize;
    private final boolean syncFlush;
    private final long syncFlushTimeout;
    private final ThreadLocal<AppendContext> appendContexts;

    Appender(StoreFiles files, FlushService flushService, DiskSpaceGuard diskSpace, FileStoreSettings settings,
             HostAddress storeHost) {
        this.files = files;
        this.counters = new QueueCounters(files.queues());
        this.flushService = flushService;
        this.diskSpace = diskSpace;
        this.storeHost = storeHost;
        this.maxMessageSize = settings.maxMessageSize();
        this.syncFlush = settings.flushDiskType() == FlushDiskType.SYNC_FLUSH;
        this.syncFlushTimeout = settings.syncFlushTimeout();
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
        return append(message, storeHost, AppendEncoding.CLOCK_TIME);
    }

    AppendResult append(Message message, StoreStamp stamp) {
        return append(message, stamp.storeHost(), stamp.storeTimestamp());
    }

    AppendResult appendBatch(List<Message> messages) {
        return appendBatch(messages, storeHost, AppendEncoding.CLOCK_TIME);
    }

    AppendResult appendBatch(List<Message> messages, StoreStamp stamp) {
        return appendBatch(messages, stamp.storeHost(), stamp.storeTimestamp());
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
        long end = ticket.endOffset();
        files.dispatcher().dispatchUpTo(end);
        AppendStatus status = AppendStatus.PUT_OK;
        if (syncFlush && !flushService.awaitFlushed(end, syncFlushTimeout)) {
            status = AppendStatus.FLUSH_DISK_TIMEOUT;
        }
        List<String> msgIds = AppendEncoding.msgIds(host, ticket.physicalOffset(), encoder.encoded(), count);
        return new AppendResult(status, "", ticket.queueOffset(), ticket.physicalOffset(), ticket.length(), msgIds,
            ticket.storeTimestamp());
    }
}

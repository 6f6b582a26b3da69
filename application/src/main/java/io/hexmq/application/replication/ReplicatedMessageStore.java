package io.hexmq.application.replication;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.port.GroupLog;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The message store of a replicated broker: appends become group writes stamped with the leader's clock and
 * address, answered once the group committed them and this replica applied them to {@code local} (see
 * {@link ApplyGroupWrites}); reads go to {@code local} directly. A replica that does not lead refuses an
 * append as a RocketMQ slave does, SERVICE_NOT_AVAILABLE with the leader in the reason.
 *
 * <p>The asynchronous appends never hold the caller's thread; the blocking ones (used by the schedulers,
 * which run on their own threads) wait for the same stage.
 */
public final class ReplicatedMessageStore implements MessageStore {

    private final MessageStore local;
    private final GroupLog log;
    private final Clock clock;
    private final HostAddress storeHost;

    public ReplicatedMessageStore(MessageStore local, GroupLog log, Clock clock, HostAddress storeHost) {
        this.local = Objects.requireNonNull(local, "local");
        this.log = Objects.requireNonNull(log, "log");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.storeHost = Objects.requireNonNull(storeHost, "storeHost");
    }

    @Override
    public void start() {
        local.start();
    }

    @Override
    public void shutdown() {
        local.shutdown();
    }

    @Override
    public AppendResult append(Message message) {
        return awaitAppend(appendAsync(message));
    }

    @Override
    public AppendResult appendBatch(List<Message> messages) {
        return awaitAppend(appendBatchAsync(messages));
    }

    @Override
    public CompletionStage<AppendResult> appendAsync(Message message) {
        return propose(new GroupWrite.AppendMessage(message, stamp()));
    }

    @Override
    public CompletionStage<AppendResult> appendBatchAsync(List<Message> messages) {
        return propose(new GroupWrite.AppendBatch(messages, stamp()));
    }

    @Override
    public AppendResult append(Message message, StoreStamp stamp) {
        return awaitAppend(propose(new GroupWrite.AppendMessage(message, stamp)));
    }

    @Override
    public AppendResult appendBatch(List<Message> messages, StoreStamp stamp) {
        return awaitAppend(propose(new GroupWrite.AppendBatch(messages, stamp)));
    }

    @Override
    public long commitLogMaxOffset() {
        return local.commitLogMaxOffset();
    }

    @Override
    public ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
        return local.read(topic, queueId, offset, maxMessages, filter);
    }

    @Override
    public long minOffset(String topic, int queueId) {
        return local.minOffset(topic, queueId);
    }

    @Override
    public long maxOffset(String topic, int queueId) {
        return local.maxOffset(topic, queueId);
    }

    @Override
    public long offsetByTime(String topic, int queueId, long timestampMillis) {
        return local.offsetByTime(topic, queueId, timestampMillis);
    }

    @Override
    public OptionalLong earliestStoreTime(String topic, int queueId) {
        return local.earliestStoreTime(topic, queueId);
    }

    @Override
    public Optional<ByteBuffer> lookup(long commitLogOffset) {
        return local.lookup(commitLogOffset);
    }

    @Override
    public QueryResult queryByKey(String topic, IndexType type, String key, int maxNum, long beginTimestamp,
                               long endTimestamp) {
        return local.queryByKey(topic, type, key, maxNum, beginTimestamp, endTimestamp);
    }

    @Override
    public void deleteTopic(String topic) {
        GroupProposals.await(log, new GroupWrite.DeleteTopicMessages(topic));
    }

    @Override
    public void flush() {
        local.flush();
    }

    @Override
    public void registerArrivalListener(MessageArrivalListener listener) {
        local.registerArrivalListener(listener);
    }

    private StoreStamp stamp() {
        return new StoreStamp(clock.millis(), storeHost);
    }

    private CompletionStage<AppendResult> propose(GroupWrite write) {
        return log.propose(GroupWrites.encode(write)).handle((answer, failure) -> {
            if (failure == null) {
                return AppendAnswers.decode(answer);
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (cause instanceof NotLeaderException notLeader) {
                return AppendResult.rejected(AppendStatus.SERVICE_NOT_AVAILABLE, notLeader.getMessage());
            }
            throw failure instanceof CompletionException completion ? completion : new CompletionException(cause);
        });
    }

    private static AppendResult awaitAppend(CompletionStage<AppendResult> stage) {
        return GroupProposals.join(stage);
    }
}

package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A consumer asks where its group stopped on a queue (QUERY_CONSUMER_OFFSET). Empty means no offset
 * was ever committed (QUERY_NOT_FOUND), and the client then starts where its {@code consumeFromWhere}
 * says.
 *
 * <p>With {@code setZeroIfNotFound} (5.x clients send it; absent means true) a group without an offset
 * gets 0 when the queue still starts at 0, so a new group reads a young queue from its beginning.
 * RocketMQ also requires message 0 to be in the page cache, which only a store could tell; this use
 * case does not ask it, so a new group also starts at 0 on an old queue whose first message was never
 * deleted.
 */
public final class QueryConsumerOffset {

    public record Command(GroupName group, TopicName topic, int queueId, boolean setZeroIfNotFound) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(topic, "topic");
            if (queueId < 0) {
                throw new IllegalArgumentException("queueId must not be negative: " + queueId);
            }
        }

        /** Only a committed offset counts (4.x clients, and 5.x ones that send {@code setZeroIfNotFound=false}). */
        public Command(GroupName group, TopicName topic, int queueId) {
            this(group, topic, queueId, false);
        }
    }

    private final ConsumerOffsets offsets;
    private final MessageStore store;

    public QueryConsumerOffset(ConsumerOffsets offsets, MessageStore store) {
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.store = Objects.requireNonNull(store, "store");
    }

    public OptionalLong query(Command command) {
        OptionalLong committed = offsets.find(new TopicGroup(command.topic(), command.group()), command.queueId());
        if (committed.isPresent() || !command.setZeroIfNotFound()) {
            return committed;
        }
        return store.minOffset(command.topic().value(), command.queueId()) <= 0 ? OptionalLong.of(0) : committed;
    }
}

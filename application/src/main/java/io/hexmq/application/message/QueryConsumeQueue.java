package io.hexmq.application.message;

import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An operator looks at a queue's entries (QUERY_CONSUME_QUEUE, {@code mqadmin queryCq}): for {@code count}
 * entries from logical offset {@code index}, where each record lies in the log, its size and its tag code,
 * with the queue's bounds; and, when a group is named, what that group's online members subscribe to on the
 * topic. The entries are read back from the store's own queue, so they show what a pull would find.
 */
public final class QueryConsumeQueue {

    /** {@code group} is optional: without it the answer carries no subscription. */
    public record Query(String topic, int queueId, long index, int count, Optional<GroupName> group) {

        public Query {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(group, "group");
        }
    }

    /** One queue entry: the record's commit-log offset and size, and the tag code the queue keeps for it. */
    public record Entry(long commitLogOffset, int size, long tagsCode) {
    }

    /**
     * @param subscription the named group's subscription to the topic; empty when no group was named or none
     *                     of its online members subscribes
     * @param indexFound   false when {@code index} lies outside the queue's bounds (then no entries)
     */
    public record Result(long minOffset, long maxOffset, boolean groupNamed, Optional<Subscription> subscription,
                         boolean indexFound, List<Entry> entries) {

        public Result {
            Objects.requireNonNull(subscription, "subscription");
            entries = List.copyOf(entries);
        }
    }

    private final MessageStore store;
    private final ConsumerGroups consumers;

    public QueryConsumeQueue(MessageStore store, ConsumerGroups consumers) {
        this.store = Objects.requireNonNull(store, "store");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
    }

    /** @return empty when the store holds no such queue */
    public Optional<Result> query(Query query) {
        long min = store.minOffset(query.topic(), query.queueId());
        long max = store.maxOffset(query.topic(), query.queueId());
        if (max <= 0) {
            return Optional.empty();
        }
        Optional<Subscription> subscription = query.group().flatMap(consumers::find)
                .flatMap(group -> group.subscription(TopicName.reportedByBroker(query.topic())));
        boolean indexFound = query.index() >= min && query.index() < max;
        List<Entry> entries = indexFound ? entries(query, max) : List.of();
        return Optional.of(new Result(min, max, query.group().isPresent(), subscription, indexFound, entries));
    }

    private List<Entry> entries(Query query, long max) {
        long end = Math.min(max, query.index() + Math.max(0, query.count()));
        List<Entry> entries = new ArrayList<>();
        long next = query.index();
        while (next < end) {
            ReadResult read = store.read(query.topic(), query.queueId(), next, (int) (end - next), MessageFilter.ALL);
            if (read.messages().isEmpty()) {
                break;
            }
            for (ByteBuffer record : read.messages()) {
                int at = record.position();
                if (MessageLayout.queueOffset(record, at) >= end) {
                    return entries;
                }
                entries.add(new Entry(MessageLayout.physicalOffset(record, at), MessageLayout.totalSize(record, at),
                        MessageLayout.tagsCode(record, at)));
            }
            next = read.nextBeginOffset();
        }
        return entries;
    }
}

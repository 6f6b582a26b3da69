package io.hexmq.application.broker;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * How messages ended that did not end as ordinary deliveries, counted as each is stored: moved to a group's
 * dead-letter queue (by group and the topic the message was first sent to), and transactional messages
 * committed or rolled back (by their topic). The figures behind RocketMQ's
 * {@code rocketmq_send_to_dlq_messages_total}, {@code rocketmq_commit_messages_total} and
 * {@code rocketmq_rollback_messages_total}. No ordinary send or pull counts here; memory is one counter per
 * group and topic that ever dead-lettered a message, and per topic that ended a transaction.
 */
public final class MessageOutcomes {

    private final ConcurrentMap<TopicGroup, LongAdder> deadLettered = new ConcurrentHashMap<>();
    private final ConcurrentMap<TopicName, LongAdder> committed = new ConcurrentHashMap<>();
    private final ConcurrentMap<TopicName, LongAdder> rolledBack = new ConcurrentHashMap<>();

    /** One message of {@code group}, first sent to {@code topic}, stored in the group's dead-letter queue. */
    public void deadLettered(GroupName group, TopicName topic) {
        deadLettered.computeIfAbsent(new TopicGroup(topic, group), key -> new LongAdder()).increment();
    }

    /** One transactional message of {@code topic} committed and delivered. */
    public void committed(TopicName topic) {
        committed.computeIfAbsent(topic, key -> new LongAdder()).increment();
    }

    /** One transactional message of {@code topic} rolled back. */
    public void rolledBack(TopicName topic) {
        rolledBack.computeIfAbsent(topic, key -> new LongAdder()).increment();
    }

    public void forEachDeadLettered(BiConsumer<TopicGroup, Long> reader) {
        Objects.requireNonNull(reader, "reader");
        deadLettered.forEach((key, count) -> reader.accept(key, count.sum()));
    }

    public void forEachCommitted(BiConsumer<TopicName, Long> reader) {
        Objects.requireNonNull(reader, "reader");
        committed.forEach((topic, count) -> reader.accept(topic, count.sum()));
    }

    public void forEachRolledBack(BiConsumer<TopicName, Long> reader) {
        Objects.requireNonNull(reader, "reader");
        rolledBack.forEach((topic, count) -> reader.accept(topic, count.sum()));
    }
}

package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * An admin gives one group the committed offsets of another (CLONE_GROUP_OFFSET, {@code mqadmin
 * cloneGroupOffset}), so a new group starts where an old one stands: on one topic, or on every topic the source
 * committed on. Topics not hosted here are skipped; unless the source is declared offline, so are topics the
 * online source group does not subscribe to. The copy is in memory at once and on disk with the next periodic
 * offset save.
 */
public final class CloneGroupOffset {

    /**
     * @param topic   the topic to copy, empty for every topic the source committed on
     * @param offline the source group is not running: copy whatever it committed, subscribed or not
     */
    public record Command(GroupName source, GroupName destination, Optional<TopicName> topic, boolean offline) {

        public Command {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(destination, "destination");
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final ConsumerOffsets offsets;
    private final TopicTable topics;
    private final ConsumerGroups consumers;

    public CloneGroupOffset(ConsumerOffsets offsets, TopicTable topics, ConsumerGroups consumers) {
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
    }

    /** @return the topics whose offsets were copied */
    public Set<TopicName> cloneOffsets(Command command) {
        Set<TopicName> asked = command.topic().map(Set::of).orElseGet(() -> offsets.offsetsOf(command.source()).keySet());
        Optional<ConsumerGroup> online = command.offline() ? Optional.empty() : consumers.find(command.source());
        Set<TopicName> copied = new TreeSet<>();
        for (TopicName topic : asked) {
            if (topics.find(topic).isPresent() && GroupQueueStats.isReported(online, topic)
                    && offsets.copy(new TopicGroup(topic, command.source()), new TopicGroup(topic, command.destination()))) {
                copied.add(topic);
            }
        }
        return copied;
    }
}

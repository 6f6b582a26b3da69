package io.hexmq.domain.route;

import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * The route table's record of which broker groups host each topic, with the queue data each group
 * published. A topic is here only while some group hosts it. Only {@link RouteTable} touches it, under
 * its lock.
 */
final class TopicQueues {

    private final Map<TopicName, Map<BrokerName, QueueData>> byTopic = new HashMap<>();

    /**
     * Publishes the registration's topics on its group: all of them when {@code rewriteAll}, else only
     * those the group does not host yet; without write permission when a slave acts for the master.
     */
    void publish(BrokerRegistration registration, boolean rewriteAll, boolean withoutWrite) {
        BrokerName name = registration.brokerName();
        for (TopicConfig config : registration.topicConfigs()) {
            Map<BrokerName, QueueData> queues = byTopic.get(config.name());
            boolean lacksThisGroup = queues == null || !queues.containsKey(name);
            if (!rewriteAll && !lacksThisGroup) {
                continue;
            }
            QueueData queueData = QueueData.of(name, config);
            if (withoutWrite) {
                queueData = queueData.withPermission(queueData.permission().withoutWrite());
            }
            byTopic.computeIfAbsent(config.name(), topic -> new HashMap<>()).put(name, queueData);
        }
    }

    /** The groups hosting {@code topic} and their queue data; null when none does. */
    Map<BrokerName, QueueData> of(TopicName topic) {
        return byTopic.get(topic);
    }

    /** Every hosted topic, sorted. */
    SortedSet<TopicName> all() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(byTopic.keySet()));
    }

    /** Every topic hosted by at least one of {@code groups}, sorted. */
    SortedSet<TopicName> hostedBy(Collection<BrokerName> groups) {
        TreeSet<TopicName> topics = new TreeSet<>();
        byTopic.forEach((topic, queues) -> {
            if (!Collections.disjoint(queues.keySet(), groups)) {
                topics.add(topic);
            }
        });
        return Collections.unmodifiableSortedSet(topics);
    }

    /** Applies {@code change} to the permission of every topic on {@code group}; returns how many it hosts. */
    int changePermission(BrokerName group, UnaryOperator<Permission> change) {
        int count = 0;
        for (Map<BrokerName, QueueData> queues : byTopic.values()) {
            QueueData queueData = queues.get(group);
            if (queueData != null) {
                queues.put(group, queueData.withPermission(change.apply(queueData.permission())));
                count++;
            }
        }
        return count;
    }

    /** Forgets the group's queue data, and the topics left without any. */
    void dropGroup(BrokerName group) {
        for (Iterator<Map<BrokerName, QueueData>> it = byTopic.values().iterator(); it.hasNext(); ) {
            Map<BrokerName, QueueData> queues = it.next();
            if (queues.remove(group) != null && queues.isEmpty()) {
                it.remove();
            }
        }
    }

    void delete(TopicName topic) {
        byTopic.remove(topic);
    }

    /** Forgets {@code topic} on {@code groups} only; the topic goes if no group is left. */
    void delete(TopicName topic, Collection<BrokerName> groups) {
        Map<BrokerName, QueueData> queues = byTopic.get(topic);
        if (queues == null) {
            return;
        }
        queues.keySet().removeAll(groups);
        if (queues.isEmpty()) {
            byTopic.remove(topic);
        }
    }
}

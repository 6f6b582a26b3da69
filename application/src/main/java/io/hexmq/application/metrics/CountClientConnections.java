package io.hexmq.application.metrics;

import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.ProducerGroups;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The client connections the broker knows from heartbeats, counted when asked: producers by language and version,
 * consumers by group, language, version and how they consume, as RocketMQ's {@code rocketmq_producer_connections}
 * and {@code rocketmq_consumer_connections} break them down.
 */
public final class CountClientConnections {

    /** @param version the client's {@code MQVersion} ordinal, as it sent it */
    public record ProducerKind(String language, int version) implements Comparable<ProducerKind> {

        @Override
        public int compareTo(ProducerKind other) {
            int byLanguage = language.compareTo(other.language);
            return byLanguage != 0 ? byLanguage : Integer.compare(version, other.version);
        }
    }

    public record ConsumerKind(GroupName group, String language, int version, ConsumeType consumeType)
            implements Comparable<ConsumerKind> {

        @Override
        public int compareTo(ConsumerKind other) {
            int byGroup = group.value().compareTo(other.group.value());
            if (byGroup != 0) {
                return byGroup;
            }
            int byLanguage = language.compareTo(other.language);
            if (byLanguage != 0) {
                return byLanguage;
            }
            int byVersion = Integer.compare(version, other.version);
            return byVersion != 0 ? byVersion : consumeType.compareTo(other.consumeType);
        }
    }

    private final ProducerGroups producers;
    private final ConsumerGroups consumers;

    public CountClientConnections(ProducerGroups producers, ConsumerGroups consumers) {
        this.producers = Objects.requireNonNull(producers, "producers");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
    }

    /** Producer connections by kind; a connection in two producer groups counts in each, as RocketMQ counts. */
    public Map<ProducerKind, Integer> producers() {
        Map<ProducerKind, Integer> counts = new TreeMap<>();
        for (List<ClientConnection> members : producers.all().values()) {
            for (ClientConnection member : members) {
                counts.merge(new ProducerKind(member.language(), member.version()), 1, Integer::sum);
            }
        }
        return counts;
    }

    public Map<ConsumerKind, Integer> consumers() {
        Map<ConsumerKind, Integer> counts = new TreeMap<>();
        for (ConsumerGroup group : consumers.all()) {
            for (ClientConnection member : group.members().values()) {
                counts.merge(new ConsumerKind(group.name(), member.language(), member.version(), group.consumeType()),
                        1, Integer::sum);
            }
        }
        return counts;
    }
}

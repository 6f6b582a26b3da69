package io.hexmq.domain.broker;

import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicConfig;
import java.util.List;
import java.util.Objects;

/**
 * What a broker sends every NameServer (REGISTER_BROKER): who it is and its topic configs at
 * {@code dataVersion}.
 *
 * <p>A full registration carries every topic: it is what a fresh NameServer needs, and a NameServer refuses
 * a single-topic registration from a broker it does not know yet. An incremental one carries only the
 * topics created or changed since the last registration every NameServer took, at the table's newer
 * version, as RocketMQ 5's broker registers a topic it just created: a NameServer rewrites the topics a
 * registration at a new version carries and keeps the broker's others, so it must travel as one request
 * (a NameServer rewrites only the first part of a split registration), and it is no substitute for the
 * periodic full one, which tells a NameServer that restarted or dropped the broker about every topic.
 *
 * @param incremental whether {@code topicConfigs} are only the changed topics
 */
public record NameServerRegistration(BrokerIdentity broker, DataVersion dataVersion, List<TopicConfig> topicConfigs,
        boolean incremental) {

    public NameServerRegistration {
        Objects.requireNonNull(broker, "broker");
        Objects.requireNonNull(dataVersion, "dataVersion");
        topicConfigs = List.copyOf(topicConfigs);
    }

    /** A full registration. */
    public NameServerRegistration(BrokerIdentity broker, DataVersion dataVersion, List<TopicConfig> topicConfigs) {
        this(broker, dataVersion, topicConfigs, false);
    }
}

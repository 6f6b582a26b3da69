package io.hexmq.domain.broker;

import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicConfig;
import java.util.List;
import java.util.Objects;

/**
 * What a broker sends every NameServer (REGISTER_BROKER): who it is and all its topic configs at
 * {@code dataVersion}. Always the full set: a NameServer refuses a single-topic registration from a
 * broker it does not know yet, and the full set is what a fresh NameServer needs.
 */
public record NameServerRegistration(BrokerIdentity broker, DataVersion dataVersion, List<TopicConfig> topicConfigs) {

    public NameServerRegistration {
        Objects.requireNonNull(broker, "broker");
        Objects.requireNonNull(dataVersion, "dataVersion");
        topicConfigs = List.copyOf(topicConfigs);
    }
}

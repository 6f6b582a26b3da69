package io.hexmq.adapters.netty.namesrv;

import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicConfig;
import java.util.List;
import java.util.Objects;

/** What a REGISTER_BROKER body says, whichever of its three encodings it came in. */
record BrokerRegistrationBody(DataVersion dataVersion, List<TopicConfig> topicConfigs, List<BrokerAddress> filterServers) {

    /** What an empty body means to the official NameServer: version 0 at time 0, no topics. */
    static final BrokerRegistrationBody EMPTY = new BrokerRegistrationBody(new DataVersion(0, 0, 0), List.of(), List.of());

    BrokerRegistrationBody {
        Objects.requireNonNull(dataVersion, "dataVersion");
        topicConfigs = List.copyOf(topicConfigs);
        filterServers = List.copyOf(filterServers);
    }
}

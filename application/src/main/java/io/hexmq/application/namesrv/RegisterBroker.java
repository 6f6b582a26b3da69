package io.hexmq.application.namesrv;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.BrokerRegistration;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.RegistrationResult;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicConfig;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * A broker registers (REGISTER_BROKER): the route table records it and its topics, and the broker
 * learns its live master (if it is a slave) and which topics are configured as ordered.
 */
public final class RegisterBroker {

    /**
     * @param haServerAddress        the broker's HA address; empty if it sent none
     * @param zoneName               the 5.x {@code __ZONE_NAME}, if sent
     * @param heartbeatTimeoutMillis the 5.x per-broker timeout; empty means the NameServer's default
     * @param enableActingMaster     the 5.x header; absent (a 4.x broker) means false
     * @param topicConfigs           the broker's topic configs at {@code dataVersion}
     * @param filterServers          the broker's filter servers, usually none
     * @param connection             the connection the request came over
     */
    public record Command(
            ClusterName clusterName,
            BrokerName brokerName,
            BrokerAddress brokerAddress,
            BrokerId brokerId,
            Optional<BrokerAddress> haServerAddress,
            Optional<String> zoneName,
            OptionalLong heartbeatTimeoutMillis,
            boolean enableActingMaster,
            DataVersion dataVersion,
            List<TopicConfig> topicConfigs,
            List<BrokerAddress> filterServers,
            ConnectionId connection) {

        public Command {
            Objects.requireNonNull(clusterName, "clusterName");
            Objects.requireNonNull(brokerName, "brokerName");
            Objects.requireNonNull(brokerAddress, "brokerAddress");
            Objects.requireNonNull(brokerId, "brokerId");
            Objects.requireNonNull(haServerAddress, "haServerAddress");
            Objects.requireNonNull(zoneName, "zoneName");
            Objects.requireNonNull(heartbeatTimeoutMillis, "heartbeatTimeoutMillis");
            Objects.requireNonNull(dataVersion, "dataVersion");
            Objects.requireNonNull(connection, "connection");
            if (heartbeatTimeoutMillis.isPresent() && heartbeatTimeoutMillis.getAsLong() <= 0) {
                throw new IllegalArgumentException(
                        "heartbeatTimeoutMillis must be positive: " + heartbeatTimeoutMillis.getAsLong());
            }
            topicConfigs = List.copyOf(topicConfigs);
            filterServers = List.copyOf(filterServers);
        }
    }

    /**
     * @param registration     what the route table did, including a slave's live master addresses
     * @param orderTopicConfig the {@code ORDER_TOPIC_CONFIG} table (topic → {@code brokerName:queueNum;...})
     *                         for the response body; empty when the namespace is empty or the setting
     *                         {@code returnOrderTopicConfigToBroker} is off
     */
    public record Result(RegistrationResult registration, Optional<Map<String, String>> orderTopicConfig) {

        public Result {
            Objects.requireNonNull(registration, "registration");
            Objects.requireNonNull(orderTopicConfig, "orderTopicConfig");
        }
    }

    private final RouteTable routes;
    private final KvConfig kvConfig;
    private final Clock clock;
    private final Supplier<NameServerSettings> settings;

    public RegisterBroker(RouteTable routes, KvConfig kvConfig, Clock clock,
                          Supplier<NameServerSettings> settings) {
        this.routes = Objects.requireNonNull(routes, "routes");
        this.kvConfig = Objects.requireNonNull(kvConfig, "kvConfig");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public Result register(Command command) {
        NameServerSettings current = settings.get();
        long timeout = command.heartbeatTimeoutMillis().orElse(current.defaultBrokerTimeout().toMillis());
        RegistrationResult registration = routes.register(new BrokerRegistration(
                command.clusterName(), command.brokerName(), command.brokerAddress(), command.brokerId(),
                command.haServerAddress(), command.zoneName(), timeout, command.enableActingMaster(),
                command.dataVersion(), command.topicConfigs(), command.filterServers(), command.connection()),
                clock.millis());
        if (!registration.isRegistered() || !current.returnOrderTopicConfigToBroker()) {
            return new Result(registration, Optional.empty());
        }
        return new Result(registration, kvConfig.namespace(KvNamespace.ORDER_TOPIC_CONFIG));
    }
}

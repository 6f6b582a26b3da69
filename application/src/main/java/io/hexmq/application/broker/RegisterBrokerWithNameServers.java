package io.hexmq.application.broker;

import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.NameServerReply;
import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.broker.port.NameServerGateway;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The broker registers with every NameServer (REGISTER_BROKER), when {@link NameServerRegistrar} says
 * so: at start, every {@link BrokerSettings#registerNameServerPeriod()}, and soon after its topic table
 * changed. The one place that builds a registration: the whole topic table at its DataVersion, each
 * topic's permission capped by {@link BrokerSettings#brokerPermission()}. It waits for the NameServers,
 * so it runs on the registrar's thread, never on one that serves a request.
 *
 * <p>From the answers it takes the NameServers' {@code ORDER_TOPIC_CONFIG} list (marking those topics
 * ordered) and, for a slave, the live master's address.
 */
public final class RegisterBrokerWithNameServers {

    /**
     * @param replies       the answers of the NameServers that answered
     * @param masterAddress the live master's address as a NameServer reported it (slaves only)
     * @param failures      the NameServers that did not answer, and why
     */
    public record Result(List<NameServerReply> replies, Optional<BrokerAddress> masterAddress,
            List<RegistrationOutcome.Failure> failures) {

        public Result {
            replies = List.copyOf(replies);
            Objects.requireNonNull(masterAddress, "masterAddress");
            failures = List.copyOf(failures);
        }

        /** Whether every NameServer answered. */
        public boolean reachedAll() {
            return failures.isEmpty();
        }
    }

    private final TopicTable topics;
    private final TopicConfigStore topicStore;
    private final NameServerGateway nameServers;
    private final Clock clock;
    private final LiveBrokerSettings settings;

    public RegisterBrokerWithNameServers(TopicTable topics, TopicConfigStore topicStore,
            NameServerGateway nameServers, Clock clock, LiveBrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.topicStore = Objects.requireNonNull(topicStore, "topicStore");
        this.nameServers = Objects.requireNonNull(nameServers, "nameServers");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public Result register() {
        TopicConfigTable table = topics.snapshot();
        List<TopicConfig> announced = table.configs().stream()
                .map(config -> config.withPermission(config.permission().and(settings.get().brokerPermission())))
                .toList();
        RegistrationOutcome outcome = nameServers.register(
                new NameServerRegistration(settings.get().identity(), table.dataVersion(), announced));
        List<NameServerReply> replies = outcome.replies();
        replies.stream()
                .map(NameServerReply::orderTopicConfig)
                .flatMap(Optional::stream)
                .findFirst()
                .ifPresent(this::markOrderTopics);
        Optional<BrokerAddress> master = replies.stream()
                .map(NameServerReply::masterAddress)
                .flatMap(Optional::stream)
                .findFirst();
        return new Result(replies, master, outcome.failures());
    }

    private void markOrderTopics(Map<String, String> orderTopicConfig) {
        Set<TopicName> orderTopics = orderTopicConfig.keySet().stream()
                .filter(topic -> TopicName.validationProblem(topic).isEmpty())
                .map(TopicName::new)
                .collect(Collectors.toSet());
        topics.markOrderTopics(orderTopics, clock.millis(), topicStore::save);
    }
}

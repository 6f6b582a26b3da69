package io.hexmq.application.broker;

import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.NameServerReply;
import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.broker.port.NameServerGateway;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The broker registers with every NameServer (REGISTER_BROKER), when {@link NameServerRegistrar} says
 * so: at start, every {@link BrokerSettings#registerNameServerPeriod()}, and soon after its topic table
 * changed. The one place that builds a registration: the whole topic table at its DataVersion
 * ({@link #register()}), or between full ones only the topics created or changed since the last
 * registration every NameServer took ({@link #registerChanges()}), so that a broker with many topics
 * does not send, and its NameServers decode, its whole table for each new topic; each topic's
 * permission capped by {@link BrokerSettings#brokerPermission()}. It waits for the NameServers, so it
 * runs on the registrar's thread, never on one that serves a request, and one call at a time.
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

    /** The table the last registration every NameServer took was built from, and the permission that capped it. */
    private record Acknowledged(TopicConfigTable table, Permission permission) {
    }

    private final TopicTable topics;
    private final TopicConfigStore topicStore;
    private final NameServerGateway nameServers;
    private final Clock clock;
    private final LiveBrokerSettings settings;
    /** Written and read on the registrar's thread only; null until every NameServer took a registration. */
    private Acknowledged acknowledged;

    public RegisterBrokerWithNameServers(TopicTable topics, TopicConfigStore topicStore,
            NameServerGateway nameServers, Clock clock, LiveBrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.topicStore = Objects.requireNonNull(topicStore, "topicStore");
        this.nameServers = Objects.requireNonNull(nameServers, "nameServers");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** Registers the whole topic table. */
    public Result register() {
        TopicConfigTable table = topics.snapshot();
        return send(table, table.configs(), false);
    }

    /**
     * Registers the topics created or changed since the last registration every NameServer took, at the
     * table's version: the NameServers rewrite those and keep the broker's other topics. Registers in full
     * when no registration was taken yet, when the broker's permission changed since (it caps every
     * topic), or when topics were only deleted (which no incremental registration can say); registers
     * nothing when the table is at the version last taken.
     */
    public Result registerChanges() {
        TopicConfigTable table = topics.snapshot();
        Acknowledged taken = acknowledged;
        if (taken == null || !taken.permission().equals(settings.get().brokerPermission())) {
            return register();
        }
        if (taken.table().dataVersion().equals(table.dataVersion())) {
            return new Result(List.of(), Optional.empty(), List.of());
        }
        List<TopicConfig> changed = table.changedSince(taken.table());
        return changed.isEmpty() ? send(table, table.configs(), false) : send(table, changed, true);
    }

    private Result send(TopicConfigTable table, Collection<TopicConfig> configs, boolean incremental) {
        Permission permission = settings.get().brokerPermission();
        List<TopicConfig> announced = configs.stream()
                .map(config -> config.withPermission(config.permission().and(permission)))
                .toList();
        RegistrationOutcome outcome = nameServers.register(
                new NameServerRegistration(settings.get().identity(), table.dataVersion(), announced, incremental));
        if (outcome.failures().isEmpty()) {
            acknowledged = new Acknowledged(table, permission);
        }
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

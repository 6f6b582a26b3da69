package io.hexmq.application.consumer;

import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.topic.GroupTopics;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerRegistration;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MembershipChange;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.filter.Sql92Filter;
import io.hexmq.domain.filter.Sql92ParseException;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A client's heartbeat (HEART_BEAT) keeps its group memberships alive. For each consumer group: the
 * group gets a default config if it has none and auto-create is on, its {@code %RETRY%} topic is
 * created (and announced to the NameServers) if missing, the member and its subscriptions are
 * recorded, and if the member list changed every member is told to rebalance at once. For each
 * producer group the member is recorded.
 *
 * <p>The official client heartbeats to every broker of a group, slaves included. A replica that follows its
 * group's leader records the member as any broker does, but creates neither config nor retry topic (only
 * the leader writes the group's state; it creates both when the consumer heartbeats there, and they reach
 * this replica through the group's log), so the heartbeat is answered as on the leader.
 *
 * <p>SQL92 subscriptions are compiled when a group's subscriptions change, and those that do not compile
 * are reported in the result (for the caller to log once) but still recorded, as RocketMQ records them:
 * the heartbeat itself is never refused (RocketMQ answers SUCCESS whatever its filter registry made of
 * the expression), and pulls by such a subscription are answered FILTER_DATA_NOT_EXIST with the reason
 * ({@code PullMessages}). Clients learn of a bad expression earlier, from CHECK_CLIENT_CONFIG
 * ({@link CheckClientConfig}).
 */
public final class RecordHeartbeat {

    /** One consumer group entry of the heartbeat. */
    public record ConsumerData(
            GroupName group,
            ConsumeType consumeType,
            MessageModel messageModel,
            ConsumeFromWhere consumeFromWhere,
            List<Subscription> subscriptions) {

        public ConsumerData {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(consumeType, "consumeType");
            Objects.requireNonNull(messageModel, "messageModel");
            Objects.requireNonNull(consumeFromWhere, "consumeFromWhere");
            subscriptions = List.copyOf(subscriptions);
        }
    }

    /**
     * @param connection     the connection the heartbeat came over
     * @param language       the client's language code
     * @param version        the client's version ordinal
     * @param producerGroups the producer groups the client belongs to
     * @param withoutSubscriptions a 5.x "heartbeat v2" that leaves the subscriptions out because they did
     *                       not change since the client's last full heartbeat: the group keeps the
     *                       subscriptions it has
     */
    public record Command(
            ConnectionId connection,
            ClientId clientId,
            String language,
            int version,
            List<ConsumerData> consumers,
            Set<GroupName> producerGroups,
            boolean withoutSubscriptions) {

        public Command {
            Objects.requireNonNull(connection, "connection");
            Objects.requireNonNull(clientId, "clientId");
            Objects.requireNonNull(language, "language");
            consumers = List.copyOf(consumers);
            producerGroups = Set.copyOf(producerGroups);
        }

        /** A full heartbeat, carrying every subscription. */
        public Command(ConnectionId connection, ClientId clientId, String language, int version,
                List<ConsumerData> consumers, Set<GroupName> producerGroups) {
            this(connection, clientId, language, version, consumers, producerGroups, false);
        }
    }

    /**
     * @param changes              what happened to each consumer group of the heartbeat
     * @param subscriptionsChanged any group's subscriptions changed, or a heartbeat without subscriptions
     *                             named a group whose subscriptions this broker does not know; either way
     *                             the client should send its full subscriptions next time (5.x answers
     *                             {@code IS_SUB_CHANGE})
     */
    public record Result(List<MembershipChange> changes, boolean subscriptionsChanged,
            List<RejectedExpression> rejectedExpressions) {

        public Result {
            changes = List.copyOf(changes);
            rejectedExpressions = List.copyOf(rejectedExpressions);
        }

        public Result(List<MembershipChange> changes, boolean subscriptionsChanged) {
            this(changes, subscriptionsChanged, List.of());
        }
    }

    /** An SQL92 subscription of the heartbeat that does not compile, and the parser's reason. */
    public record RejectedExpression(GroupName group, TopicName topic, String expression, String reason) {
    }

    private final ConsumerGroups consumers;
    private final ProducerGroups producers;
    private final SubscriptionGroupLookup groupConfigs;
    private final GroupTopics groupTopics;
    private final MembershipNotifications notifications;
    private final Clock clock;

    public RecordHeartbeat(ConsumerGroups consumers, ProducerGroups producers, SubscriptionGroups subscriptionGroups,
            SubscriptionGroupStore subscriptionGroupStore, GroupTopics groupTopics,
            ConsumerNotifier notifier, Clock clock, LiveBrokerSettings settings) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.producers = Objects.requireNonNull(producers, "producers");
        this.groupConfigs = new SubscriptionGroupLookup(subscriptionGroups, subscriptionGroupStore, clock, settings);
        this.groupTopics = Objects.requireNonNull(groupTopics, "groupTopics");
        this.notifications = new MembershipNotifications(subscriptionGroups, notifier);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public Result record(Command command) {
        long now = clock.millis();
        ClientConnection member = new ClientConnection(command.connection(), command.clientId(), command.language(),
                command.version(), now);
        List<MembershipChange> changes = new ArrayList<>();
        List<RejectedExpression> rejected = new ArrayList<>();
        boolean subscriptionsChanged = false;
        for (ConsumerData data : command.consumers()) {
            Optional<SubscriptionGroupConfig> config = groupConfigs.findOrCreate(data.group());
            config.ifPresent(found -> groupTopics.retryTopic(data.group(), found.retryQueueNums()));
            List<Subscription> subscriptions = data.subscriptions();
            if (command.withoutSubscriptions()) {
                Optional<ConsumerGroup> known = consumers.find(data.group());
                subscriptions = known.map(group -> List.copyOf(group.subscriptions().values())).orElse(List.of());
                subscriptionsChanged |= known.isEmpty();
            }
            MembershipChange change = consumers.register(new ConsumerRegistration(data.group(), member,
                    data.consumeType(), data.messageModel(), data.consumeFromWhere(), subscriptions));
            notifications.announce(change);
            changes.add(change);
            subscriptionsChanged |= change.subscriptionsChanged();
            if (change.subscriptionsChanged()) {
                validateSql92(data.group(), subscriptions, rejected);
            }
        }
        for (GroupName group : command.producerGroups()) {
            producers.register(group, member);
        }
        return new Result(changes, subscriptionsChanged, rejected);
    }

    private static void validateSql92(GroupName group, List<Subscription> subscriptions,
            List<RejectedExpression> rejected) {
        for (Subscription subscription : subscriptions) {
            if (subscription.expressionType() != ExpressionType.SQL92) {
                continue;
            }
            try {
                Sql92Filter.compile(subscription.subString());
            } catch (Sql92ParseException e) {
                rejected.add(new RejectedExpression(group, subscription.topic(), subscription.subString(),
                        e.getMessage()));
            }
        }
    }
}

package io.hexmq.application.pop;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.pop.MessageRequestMode;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A client asks which queues of a topic are its own (QUERY_ASSIGNMENT; broker-side rebalancing, what an
 * official 5.x push consumer with {@code clientRebalance} off does), and how to take them: by PULL, or by
 * POP (the mode set for the group on the topic, else the broker's default; a retry topic is always PULL).
 * Broadcasting clients get every queue. Clustering clients share the queues by the strategy they name,
 * over the group's clients as its heartbeats know them; in POP mode, unless a share count says
 * otherwise, every client gets every queue at once (queue id -1), since POP lets clients share queues.
 *
 * <p>The queues are this broker's own read queues of the topic: with several broker groups each
 * answers for its own. No result (the client keeps what it has) when the topic is unknown here, the
 * group has no client, or the strategy is unknown.
 */
public final class QueryAssignment {

    public record Command(String topic, String consumerGroup, String clientId, String strategyName,
            MessageModel messageModel) {

        public Command {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(messageModel, "messageModel");
        }
    }

    /** @param queueId a queue of the topic, or -1: every queue of it on this broker (POP) */
    public record Assignment(TopicName topic, BrokerName brokerName, int queueId, MessageRequestMode mode) {

        public Assignment {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(brokerName, "brokerName");
            Objects.requireNonNull(mode, "mode");
        }
    }

    private final TopicTable topics;
    private final ConsumerGroups consumers;
    private final RequestModes modes;
    private final PopSettings settings;
    private final BrokerSettings brokerSettings;

    public QueryAssignment(TopicTable topics, ConsumerGroups consumers, RequestModes modes, PopSettings settings,
            BrokerSettings brokerSettings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.modes = Objects.requireNonNull(modes, "modes");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
    }

    /** @return the client's queues; empty when there is no valid answer */
    public Optional<Set<Assignment>> query(Command command) {
        Optional<TopicConfig> topic = topics.findNamed(command.topic());
        if (topic.isEmpty()) {
            return Optional.empty();
        }
        GroupName group = new GroupName(command.consumerGroup());
        RequestModes.Setting setting = SystemTopics.isRetryTopic(topic.get().name())
                ? new RequestModes.Setting(MessageRequestMode.PULL, 0)
                : modes.find(new TopicGroup(topic.get().name(), group)).orElse(
                        new RequestModes.Setting(settings.defaultMessageRequestMode(), settings.defaultPopShareQueueNum()));
        List<MessageQueue> all = new ArrayList<>();
        for (int queueId = 0; queueId < topic.get().readQueueNums(); queueId++) {
            all.add(new MessageQueue(topic.get().name(), brokerSettings.brokerName(), queueId));
        }
        if (command.messageModel() == MessageModel.BROADCASTING) {
            return Optional.of(assign(all, setting.mode()));
        }
        List<String> clients = consumers.clientIds(group).stream().map(ClientId::value).sorted().toList();
        int index = clients.indexOf(command.clientId());
        Optional<QueueAllocation> allocation = QueueAllocation.named(command.strategyName());
        if (clients.isEmpty() || allocation.isEmpty() || all.isEmpty()) {
            return Optional.empty();
        }
        if (index < 0) {
            return Optional.of(Set.of());
        }
        if (setting.mode() != MessageRequestMode.POP) {
            return Optional.of(assign(allocation.get().allocate(all, clients.size(), index), setting.mode()));
        }
        int share = setting.popShareQueueNum();
        if (share <= 0 || share >= clients.size() - 1) {
            return Optional.of(Set.of(new Assignment(topic.get().name(), brokerSettings.brokerName(), -1,
                    MessageRequestMode.POP)));
        }
        List<MessageQueue> mine = new ArrayList<>();
        if (clients.size() <= all.size()) {
            for (int i = 0; i <= share; i++) {
                mine.addAll(allocation.get().allocate(all, clients.size(), (index + i) % clients.size()));
            }
        } else {
            mine.add(all.get(index % all.size()));
        }
        return Optional.of(assign(mine, MessageRequestMode.POP));
    }

    private static Set<Assignment> assign(List<MessageQueue> queues, MessageRequestMode mode) {
        Set<Assignment> assignments = new LinkedHashSet<>();
        queues.forEach(queue -> assignments.add(new Assignment(queue.topic(), queue.brokerName(), queue.queueId(), mode)));
        return assignments;
    }
}

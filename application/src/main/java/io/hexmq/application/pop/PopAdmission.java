package io.hexmq.application.pop;

import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.application.message.ExpressionFilters;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;
import java.util.Optional;

/**
 * What a POP, a peek and a wait for messages check before anything is read, in RocketMQ's order: a readable
 * broker (NO_PERMISSION), a hosted (TOPIC_NOT_EXIST) and readable (NO_PERMISSION) topic, a queue id among its
 * read queues or -1 (INVALID_PARAMETER), a group with a config (SUBSCRIPTION_GROUP_NOT_EXIST; created when
 * allowed) that may consume (NO_PERMISSION), an expression that parses (SUBSCRIPTION_PARSE_FAILED). A part
 * the POP use cases share.
 */
public final class PopAdmission {

    /** Either the target, or why not. */
    record Admitted(PopTarget target, PopMessages.Status refusal, String remark) {

        static Admitted refused(PopMessages.Status refusal, String remark) {
            return new Admitted(null, refusal, remark);
        }
    }

    /** What the request asks for. */
    record Request(String group, String topic, int queueId, int maxMessages, long invisibleTime, int initMode,
            boolean orderly, String expressionType, String expression, String attemptId) {
    }

    private final SubscriptionGroupLookup groups;
    private final TopicTable topics;
    private final ExpressionFilters filters;
    private final LiveBrokerSettings brokerSettings;

    public PopAdmission(SubscriptionGroupLookup groups, TopicTable topics, ExpressionFilters filters,
            LiveBrokerSettings brokerSettings) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.filters = Objects.requireNonNull(filters, "filters");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
    }

    Admitted admit(Request request) {
        if (!brokerSettings.get().brokerPermission().isReadable()) {
            return Admitted.refused(PopMessages.Status.NO_PERMISSION, "the broker[" + brokerSettings.get().brokerAddress()
                    + "] pop message is forbidden");
        }
        Optional<TopicConfig> topic = topics.findNamed(request.topic());
        if (topic.isEmpty()) {
            return Admitted.refused(PopMessages.Status.TOPIC_NOT_EXIST, "topic[" + request.topic()
                    + "] not exist, apply first please!");
        }
        if (!topic.get().permission().isReadable()) {
            return Admitted.refused(PopMessages.Status.NO_PERMISSION, "the topic[" + request.topic()
                    + "] peeking message is forbidden");
        }
        if (request.queueId() >= topic.get().readQueueNums() || request.queueId() < -1) {
            return Admitted.refused(PopMessages.Status.INVALID_PARAMETER, "queueId[" + request.queueId()
                    + "] is illegal, topic:[" + request.topic() + "] topicConfig.readQueueNums:["
                    + topic.get().readQueueNums() + "]");
        }
        Optional<SubscriptionGroupConfig> config = groups.findOrCreate(request.group());
        if (config.isEmpty()) {
            return Admitted.refused(PopMessages.Status.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group ["
                    + request.group() + "] does not exist");
        }
        if (!config.get().consumeEnable()) {
            return Admitted.refused(PopMessages.Status.NO_PERMISSION, "subscription group no permission, "
                    + request.group());
        }
        ExpressionFilters.Parsed filter = filters.parse(request.expressionType(), request.expression());
        if (!filter.isValid()) {
            return Admitted.refused(PopMessages.Status.SUBSCRIPTION_PARSE_FAILED,
                    "parse the consumer's subscription failed: " + filter.error());
        }
        return new Admitted(new PopTarget(config.get().groupName(), topic.get(), request.queueId(),
                Math.max(1, request.maxMessages()), request.invisibleTime(), request.initMode(), request.orderly(),
                filter.filter(), request.attemptId()), null, "");
    }
}

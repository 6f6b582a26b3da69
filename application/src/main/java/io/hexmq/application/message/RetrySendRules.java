package io.hexmq.application.message;

import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.application.message.SendMessage.Command;
import io.hexmq.application.message.SendMessage.Result;
import io.hexmq.application.message.SendMessage.Status;
import io.hexmq.application.topic.GroupTopics;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.QueueLocks;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a producer's send to a {@code %RETRY%group} topic goes: the group must have a config (created
 * with the defaults when that is allowed); a message past its retries ({@code maxReconsumeTimes} the
 * producer sent, else the group's {@code retryMaxTimes}), or one of a group consuming orderly (it holds
 * live queue locks), goes to {@code %DLQ%group} instead, created when missing; any other goes on to the
 * retry topic.
 */
public final class RetrySendRules {

    /**
     * @param refusal the answer when the send is refused, else null
     * @param dlq     the dead-letter topic the message goes to instead, else null
     * @param group   the group whose retry topic the send names, else null (a refused send)
     */
    record Verdict(Result refusal, TopicConfig dlq, GroupName group) {
    }

    private final SubscriptionGroupLookup groups;
    private final GroupTopics groupTopics;
    private final QueueLocks queueLocks;
    private final Clock clock;

    public RetrySendRules(SubscriptionGroupLookup groups, GroupTopics groupTopics, QueueLocks queueLocks,
            Clock clock) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.groupTopics = Objects.requireNonNull(groupTopics, "groupTopics");
        this.queueLocks = Objects.requireNonNull(queueLocks, "queueLocks");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    Verdict judge(Command command, TopicName retryTopic) {
        String groupName = retryTopic.value().substring(SystemTopics.RETRY_TOPIC_PREFIX.length());
        Optional<SubscriptionGroupConfig> config = groups.findOrCreate(groupName);
        if (config.isEmpty()) {
            return new Verdict(Result.refused(Status.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group not exist, " + groupName), null, null);
        }
        GroupName group = config.get().groupName();
        int maxReconsumeTimes = command.maxReconsumeTimes().orElse(config.get().retryMaxTimes());
        boolean orderly = queueLocks.hasLiveLocks(group, clock.millis());
        if (command.reconsumeTimes() > maxReconsumeTimes || orderly) {
            return new Verdict(null, groupTopics.dlqTopic(group), group);
        }
        return new Verdict(null, null, group);
    }
}

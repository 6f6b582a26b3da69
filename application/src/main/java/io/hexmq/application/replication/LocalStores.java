package io.hexmq.application.replication;

import io.hexmq.domain.auth.port.AuthStore;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.message.port.DelayProgressStore;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.TimerProgressStore;
import io.hexmq.domain.pop.port.PopStateStore;
import io.hexmq.domain.pop.port.RequestModeStore;
import io.hexmq.domain.topic.port.TopicConfigStore;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;
import java.util.Objects;

/**
 * This replica's own stores, the ones committed group writes are applied to (never the replicated
 * decorators the use cases write through, or an apply would propose again).
 */
public record LocalStores(MessageStore messages, TopicConfigStore topics, SubscriptionGroupStore subscriptionGroups,
                          ConsumerOffsetStore consumerOffsets, DelayProgressStore delayProgress,
                          TimerProgressStore timerProgress, TransactionCheckProgressStore transactionProgress,
                          PopStateStore popState, RequestModeStore requestModes, AuthStore auth) {

    public LocalStores {
        Objects.requireNonNull(messages, "messages");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(subscriptionGroups, "subscriptionGroups");
        Objects.requireNonNull(consumerOffsets, "consumerOffsets");
        Objects.requireNonNull(delayProgress, "delayProgress");
        Objects.requireNonNull(timerProgress, "timerProgress");
        Objects.requireNonNull(transactionProgress, "transactionProgress");
        Objects.requireNonNull(popState, "popState");
        Objects.requireNonNull(requestModes, "requestModes");
        Objects.requireNonNull(auth, "auth");
    }
}

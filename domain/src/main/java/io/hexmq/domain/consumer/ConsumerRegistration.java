package io.hexmq.domain.consumer;

import java.util.List;
import java.util.Objects;

/** One consumer group entry of a heartbeat: the member, how the group consumes, what it subscribes to. */
public record ConsumerRegistration(
        GroupName group,
        ClientConnection member,
        ConsumeType consumeType,
        MessageModel messageModel,
        ConsumeFromWhere consumeFromWhere,
        List<Subscription> subscriptions) {

    public ConsumerRegistration {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(member, "member");
        Objects.requireNonNull(consumeType, "consumeType");
        Objects.requireNonNull(messageModel, "messageModel");
        Objects.requireNonNull(consumeFromWhere, "consumeFromWhere");
        subscriptions = List.copyOf(subscriptions);
    }
}

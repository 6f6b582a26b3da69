package io.hexmq.domain.consumer;

import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin's request that one consumer client run its listener on one stored message now, outside its
 * queues (CONSUME_MESSAGE_DIRECTLY, {@code mqadmin consumeMessage}), to see how the listener copes.
 *
 * @param msgId          the id the admin named the message by
 * @param broker         this broker, which the client names as the message's source
 * @param topic          the topic the admin named, when it named one
 * @param storedMessage  the message's record as stored, read-only
 */
public record DirectConsumption(GroupName group, ClientId clientId, String msgId, BrokerName broker,
        Optional<TopicName> topic, ByteBuffer storedMessage) {

    public DirectConsumption {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(msgId, "msgId");
        Objects.requireNonNull(broker, "broker");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(storedMessage, "storedMessage");
    }
}

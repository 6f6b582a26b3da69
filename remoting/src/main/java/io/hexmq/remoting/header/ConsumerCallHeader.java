package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * The two questions an admin asks one consumer client, through a broker that relays them over the
 * client's connection with the same header: GET_CONSUMER_RUNNING_INFO (307; {@code jstackEnable} asks
 * for thread stacks) and CONSUME_MESSAGE_DIRECTLY (309; {@code msgId} is an offset message id,
 * {@code brokerName} the relaying broker's, {@code topic} given by 5.x admins).
 */
public final class ConsumerCallHeader {

    public static final HeaderField<String> CONSUMER_GROUP = requiredString("consumerGroup");
    public static final HeaderField<String> CLIENT_ID = requiredString("clientId");
    public static final HeaderField<Boolean> JSTACK_ENABLE = optionalBoolean("jstackEnable", false);
    public static final HeaderField<String> MSG_ID = requiredString("msgId");
    public static final HeaderField<String> BROKER_NAME = optionalString("brokerName", null);
    public static final HeaderField<String> TOPIC = optionalString("topic", "");

    private ConsumerCallHeader() {
    }
}

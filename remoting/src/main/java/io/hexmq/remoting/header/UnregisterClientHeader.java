package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * UNREGISTER_CLIENT (35): the leaving {@code clientID} and the producer and/or consumer group it leaves
 * (clients send one request per group at shutdown; an absent or blank group means none).
 */
public final class UnregisterClientHeader {

    public static final HeaderField<String> CLIENT_ID = requiredString("clientID");
    public static final HeaderField<String> PRODUCER_GROUP = optionalString("producerGroup", null);
    public static final HeaderField<String> CONSUMER_GROUP = optionalString("consumerGroup", null);

    private UnregisterClientHeader() {
    }
}

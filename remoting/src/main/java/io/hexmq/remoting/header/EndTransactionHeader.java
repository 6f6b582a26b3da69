package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * END_TRANSACTION (37), a producer's commit or rollback: its {@code producerGroup} and, from 5.x clients, the
 * half message's {@code topic} (4.x clients send none), which authorization reads. The offsets and the decision
 * are read where the broker handles the request.
 */
public final class EndTransactionHeader {

    public static final HeaderField<String> PRODUCER_GROUP = requiredString("producerGroup");
    public static final HeaderField<String> TOPIC = optionalString("topic", null);

    private EndTransactionHeader() {
    }
}

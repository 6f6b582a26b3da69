package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalInt;
import static io.hexmq.remoting.protocol.HeaderField.optionalLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredBoolean;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * A reset of a group's offsets of a topic: the admin's INVOKE_BROKER_TO_RESET_OFFSET (222) and the
 * broker's RESET_CONSUMER_CLIENT_OFFSET (220) to the group's members (body ResetOffsetBody). A
 * {@code timestamp} of -1 means the end of each queue; 5.x admins may name one {@code queueId} and an
 * {@code offset} instead. Clients require {@code isForce} although they ignore it.
 */
public final class ResetOffsetHeader {

    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<String> GROUP = requiredString("group");
    public static final HeaderField<Long> TIMESTAMP = requiredLong("timestamp");
    public static final HeaderField<Boolean> IS_FORCE = requiredBoolean("isForce");
    public static final HeaderField<Integer> QUEUE_ID = optionalInt("queueId", -1);
    public static final HeaderField<Long> OFFSET = optionalLong("offset", -1);

    private ResetOffsetHeader() {
    }
}

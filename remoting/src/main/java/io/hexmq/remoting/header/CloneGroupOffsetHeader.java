package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * CLONE_GROUP_OFFSET (314, {@code mqadmin cloneGroupOffset}): copy {@code srcGroup}'s committed offsets to
 * {@code destGroup}, on {@code topic} or (blank) on every topic, {@code offline} when the source is not running.
 */
public final class CloneGroupOffsetHeader {

    public static final HeaderField<String> SRC_GROUP = requiredString("srcGroup");
    public static final HeaderField<String> DEST_GROUP = requiredString("destGroup");
    public static final HeaderField<String> TOPIC = optionalString("topic", "");
    public static final HeaderField<Boolean> OFFLINE = optionalBoolean("offline", false);

    private CloneGroupOffsetHeader() {
    }
}

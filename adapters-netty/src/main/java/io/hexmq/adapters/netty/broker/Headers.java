package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.InvalidHeaderFieldException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.Optional;

/** Header fields the broker's requests carry, read into domain values (field names as on the wire). */
final class Headers {

    static final String TOPIC = "topic";
    static final String QUEUE_ID = "queueId";
    static final String CONSUMER_GROUP = "consumerGroup";
    static final String PRODUCER_GROUP = "producerGroup";
    static final String CLIENT_ID = "clientID";
    static final String GROUP = "group";
    static final String GROUP_NAME = "groupName";

    private Headers() {
    }

    static TopicName topic(HeaderReader header) {
        return new TopicName(header.requiredString(TOPIC));
    }

    static GroupName group(HeaderReader header, String field) {
        return new GroupName(header.requiredString(field));
    }

    /** An optional group name; absent and blank both mean none, as official clients send either. */
    static Optional<GroupName> optionalGroup(HeaderReader header, String field) {
        return header.optionalString(field).filter(value -> !value.isBlank()).map(GroupName::new);
    }

    static int queueId(HeaderReader header) {
        int queueId = header.requiredInt(QUEUE_ID);
        if (queueId < 0) {
            throw new InvalidHeaderFieldException(QUEUE_ID, "a queue id (0 or more)", Integer.toString(queueId), null);
        }
        return queueId;
    }
}

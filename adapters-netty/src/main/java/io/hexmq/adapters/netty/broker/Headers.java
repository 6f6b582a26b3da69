package io.hexmq.adapters.netty.broker;

import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.HeaderField;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.InvalidHeaderFieldException;
import java.util.Optional;

/**
 * Header fields read into domain values, with the checks the broker adds; and the fields of the
 * requests only the official admin tools and producers send (the headers the SDK shares are defined in
 * {@code io.hexmq.remoting.header}).
 */
final class Headers {

    /** GET_SUBSCRIPTIONGROUP_CONFIG (352), QUERY_TOPICS_BY_CONSUMER (343), QUERY_SUBSCRIPTION_BY_CONSUMER (345). */
    static final HeaderField<String> GROUP = requiredString("group");
    /** GET_PRODUCER_CONNECTION_LIST (204). */
    static final HeaderField<String> PRODUCER_GROUP = requiredString("producerGroup");

    private Headers() {
    }

    static TopicName topic(HeaderReader header, HeaderField<String> field) {
        return new TopicName(header.stringOf(field));
    }

    static GroupName group(HeaderReader header, HeaderField<String> field) {
        return new GroupName(header.stringOf(field));
    }

    /** An optional group name; absent and blank both mean none, as official clients send either. */
    static Optional<GroupName> optionalGroup(HeaderReader header, HeaderField<String> field) {
        return Optional.ofNullable(header.stringOf(field)).filter(value -> !value.isBlank()).map(GroupName::new);
    }

    static int queueId(HeaderReader header, HeaderField<Integer> field) {
        int queueId = header.intOf(field);
        if (queueId < 0) {
            throw new InvalidHeaderFieldException(field.name(), "a queue id (0 or more)", Integer.toString(queueId),
                    null);
        }
        return queueId;
    }
}

package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * The requests that name only a consumer group: GET_CONSUMER_LIST_BY_GROUP (38), the broker's
 * NOTIFY_CONSUMER_IDS_CHANGED (40) to the group's members, GET_CONSUMER_CONNECTION_LIST (203); and
 * GET_CONSUME_STATS (208), which may narrow itself to a {@code topic} or a 5.x {@code topicList}
 * ({@code ;}-separated).
 */
public final class ConsumerGroupHeader {

    public static final HeaderField<String> CONSUMER_GROUP = requiredString("consumerGroup");
    public static final HeaderField<String> TOPIC = optionalString("topic", "");
    public static final HeaderField<String> TOPIC_LIST = optionalString("topicList", "");

    private ConsumerGroupHeader() {
    }
}

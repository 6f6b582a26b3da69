package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * The requests that name only a topic: GET_ROUTEINFO_BY_TOPIC (105), GET_TOPIC_STATS_INFO (202),
 * DELETE_TOPIC_IN_BROKER (215), QUERY_TOPIC_CONSUME_BY_WHO (300), GET_TOPIC_CONFIG (351); and
 * DELETE_TOPIC_IN_NAMESRV (216), which may narrow itself to one {@code clusterName}.
 */
public final class TopicHeader {

    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<String> CLUSTER_NAME = optionalString("clusterName", "");

    private TopicHeader() {
    }
}

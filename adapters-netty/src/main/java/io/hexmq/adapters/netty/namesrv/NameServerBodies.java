package io.hexmq.adapters.netty.namesrv;

import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.JsonBodies;
import java.util.Collection;
import java.util.Map;

/** The small NameServer bodies (TopicList, KVTable, DataVersion), written by {@link CommonJson}. */
final class NameServerBodies {

    private NameServerBodies() {
    }

    static byte[] topicList(Collection<TopicName> topics) {
        return CommonJson.topicList(topics.stream().map(TopicName::value).toList());
    }

    static byte[] kvTable(Map<String, String> table) {
        return CommonJson.kvTable(table);
    }

    static byte[] dataVersion(DataVersion version) {
        return CommonJson.dataVersion(version);
    }

    /** Reads a DataVersion body; 4.x brokers send no {@code stateVersion}, absent parts read as 0. */
    static DataVersion parseDataVersion(byte[] body) {
        return CommonJson.readDataVersion(JsonBodies.parseObject(body, "DataVersion"));
    }
}

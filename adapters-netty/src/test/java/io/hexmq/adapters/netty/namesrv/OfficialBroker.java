package io.hexmq.adapters.netty.namesrv;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.TopicFilterType;
import org.apache.rocketmq.remoting.protocol.DataVersion;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;

/**
 * REGISTER_BROKER requests whose bodies are encoded by the official {@link RegisterBrokerBody}, the
 * way a real broker encodes them, with the header fields a 5.x broker sends.
 */
final class OfficialBroker {

    static final String CLUSTER = "DefaultCluster";

    private OfficialBroker() {
    }

    static DataVersion dataVersion(long timestamp, long counter, long stateVersion) {
        DataVersion version = new DataVersion();
        version.setTimestamp(timestamp);
        version.setCounter(new AtomicLong(counter));
        version.setStateVersion(stateVersion);
        return version;
    }

    static TopicConfig topic(String name, int read, int write, int perm) {
        return new TopicConfig(name, read, write, perm);
    }

    /** A varied set: perms 6, 7, 2, 4; different queue counts; an order topic; attributes; a system flag; a dotted name. */
    static List<TopicConfig> variedTopics() {
        TopicConfig plain = topic("TopicTest", 4, 4, 6);
        TopicConfig template = topic("TBW102", 8, 8, 7);
        TopicConfig writeOnly = topic("WriteOnly", 2, 3, 2);
        writeOnly.setTopicFilterType(TopicFilterType.MULTI_TAG);
        TopicConfig ordered = topic("Ordered", 16, 16, 4);
        ordered.setOrder(true);
        ordered.setTopicSysFlag(1);
        ordered.setAttributes(Map.of("+message.type", "FIFO", "+queue.type", "BatchCQ"));
        TopicConfig hostNamed = topic("broker-a.example.com", 1, 1, 7);
        return List.of(plain, template, writeOnly, ordered, hostNamed);
    }

    static RegisterBrokerBody body(DataVersion version, List<TopicConfig> topics, List<String> filterServers) {
        RegisterBrokerBody body = new RegisterBrokerBody();
        body.getTopicConfigSerializeWrapper().setDataVersion(version);
        for (TopicConfig topic : topics) {
            body.getTopicConfigSerializeWrapper().getTopicConfigTable().put(topic.getTopicName(), topic);
        }
        body.setFilterServerList(filterServers);
        return body;
    }

    static RemotingCommand.Builder register(String brokerName, String brokerAddr, long brokerId, byte[] body,
                                            boolean compressed) {
        return RemotingCommand.request(RequestCode.REGISTER_BROKER)
                .extField("brokerName", brokerName)
                .extField("brokerAddr", brokerAddr)
                .extField("clusterName", CLUSTER)
                .extField("haServerAddr", brokerAddr.substring(0, brokerAddr.lastIndexOf(':')) + ":10912")
                .extField("brokerId", brokerId)
                .extField("compressed", compressed)
                .extField("bodyCrc32", RegisterBrokerHandler.crc32(body))
                .extField("enableActingMaster", false)
                .extField("heartbeatTimeoutMillis", 120_000)
                .body(body);
    }

    /** A master's full registration with TopicTest (4 queues) and TBW102 (8), JSON body, version (1000, 1). */
    static RemotingCommand master(String brokerName, String brokerAddr) {
        return member(brokerName, brokerAddr, 0);
    }

    static RemotingCommand member(String brokerName, String brokerAddr, long brokerId) {
        byte[] body = body(dataVersion(1_000, 1, 0),
                List.of(topic("TopicTest", 4, 4, 6), topic("TBW102", 8, 8, 7)), List.of()).encode(false);
        return register(brokerName, brokerAddr, brokerId, body, false).build();
    }
}

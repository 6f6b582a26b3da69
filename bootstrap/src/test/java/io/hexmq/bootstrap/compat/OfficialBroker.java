package io.hexmq.bootstrap.compat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.DataVersion;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.header.namesrv.BrokerHeartbeatRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.QueryDataVersionRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterBrokerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.UnRegisterBrokerRequestHeader;

/**
 * Talks to a NameServer the way an Apache RocketMQ 5.x broker does: the official remoting client,
 * the official request headers and the official RegisterBrokerBody encoder (plain or compressed,
 * with the body CRC the broker always sends).
 */
final class OfficialBroker implements AutoCloseable {

    final String cluster;
    final String brokerName;
    final String address;
    final String haAddress;
    final long brokerId;
    final DataVersion dataVersion = new DataVersion();
    final ConcurrentHashMap<String, TopicConfig> topics = new ConcurrentHashMap<>();
    private final String nameServer;
    private final NettyRemotingClient remoting;
    private final boolean ownsConnection;

    /** A broker on its own connection, which {@link #close()} closes. */
    OfficialBroker(String nameServer, String cluster, String brokerName, String address, long brokerId) {
        this(nameServer, cluster, brokerName, address, brokerId, newRemotingClient(), true);
    }

    /** A broker sharing {@code remoting} with others (starting an official client costs seconds). */
    OfficialBroker(String nameServer, String cluster, String brokerName, String address, long brokerId,
                   NettyRemotingClient remoting) {
        this(nameServer, cluster, brokerName, address, brokerId, remoting, false);
    }

    static NettyRemotingClient newRemotingClient() {
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());
        client.start();
        return client;
    }

    private OfficialBroker(String nameServer, String cluster, String brokerName, String address, long brokerId,
                           NettyRemotingClient remoting, boolean ownsConnection) {
        this.nameServer = nameServer;
        this.cluster = cluster;
        this.brokerName = brokerName;
        this.address = address;
        this.haAddress = address.replaceAll(":\\d+$", ":" + (port(address) + 1));
        this.brokerId = brokerId;
        this.remoting = remoting;
        this.ownsConnection = ownsConnection;
        // What a RocketMQ broker always registers besides user topics; a first registration with a
        // single topic is refused as an incremental update arriving before the full one.
        systemTopic(new TopicConfig("TBW102", 8, 8, 7));
        systemTopic(new TopicConfig("SELF_TEST_TOPIC", 1, 1, READ_WRITE));
        systemTopic(new TopicConfig(cluster, 16, 16, 7));
        systemTopic(new TopicConfig(brokerName, 1, 1, 7));
    }

    static final int READ_WRITE = 6;

    private void systemTopic(TopicConfig config) {
        topics.put(config.getTopicName(), config);
    }



    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    OfficialBroker withTopic(String name, int readQueues, int writeQueues, int perm) {
        TopicConfig config = new TopicConfig(name, readQueues, writeQueues, perm);
        topics.put(name, config);
        dataVersion.nextVersion();
        return this;
    }

    RemotingCommand register(boolean compressed) throws Exception {
        return register(compressed, SerializeType.JSON);
    }

    RemotingCommand register(boolean compressed, SerializeType headerEncoding) throws Exception {
        RegisterBrokerBody body = new RegisterBrokerBody();
        TopicConfigAndMappingSerializeWrapper wrapper = new TopicConfigAndMappingSerializeWrapper();
        wrapper.setDataVersion(dataVersion);
        wrapper.setTopicConfigTable(new ConcurrentHashMap<>(topics));
        body.setTopicConfigSerializeWrapper(wrapper);
        body.setFilterServerList(List.of());
        byte[] bytes = body.encode(compressed);

        RegisterBrokerRequestHeader header = new RegisterBrokerRequestHeader();
        header.setBrokerName(brokerName);
        header.setBrokerAddr(address);
        header.setClusterName(cluster);
        header.setHaServerAddr(haAddress);
        header.setBrokerId(brokerId);
        header.setHeartbeatTimeoutMillis(120_000L);
        header.setEnableActingMaster(false);
        header.setCompressed(compressed);
        header.setBodyCrc32(crc32(bytes));
        RemotingCommand request = RemotingCommand.createRequestCommand(RequestCode.REGISTER_BROKER, header);
        request.setSerializeTypeCurrentRPC(headerEncoding);
        request.setBody(bytes);
        return remoting.invokeSync(nameServer, request, 5_000);
    }

    RemotingCommand unregister() throws Exception {
        UnRegisterBrokerRequestHeader header = new UnRegisterBrokerRequestHeader();
        header.setBrokerName(brokerName);
        header.setBrokerAddr(address);
        header.setClusterName(cluster);
        header.setBrokerId(brokerId);
        return remoting.invokeSync(nameServer,
                RemotingCommand.createRequestCommand(RequestCode.UNREGISTER_BROKER, header), 5_000);
    }

    RemotingCommand queryDataVersion() throws Exception {
        QueryDataVersionRequestHeader header = new QueryDataVersionRequestHeader();
        header.setBrokerName(brokerName);
        header.setBrokerAddr(address);
        header.setClusterName(cluster);
        header.setBrokerId(brokerId);
        RemotingCommand request = RemotingCommand.createRequestCommand(RequestCode.QUERY_DATA_VERSION, header);
        request.setBody(dataVersion.encode());
        return remoting.invokeSync(nameServer, request, 5_000);
    }

    RemotingCommand heartbeat() throws Exception {
        BrokerHeartbeatRequestHeader header = new BrokerHeartbeatRequestHeader();
        header.setClusterName(cluster);
        header.setBrokerAddr(address);
        header.setBrokerName(brokerName);
        header.setBrokerId(brokerId);
        return remoting.invokeSync(nameServer,
                RemotingCommand.createRequestCommand(RequestCode.BROKER_HEARTBEAT, header), 5_000);
    }

    RemotingCommand send(RemotingCommand request) throws Exception {
        return remoting.invokeSync(nameServer, request, 5_000);
    }

    static Map<String, String> headerOf(RemotingCommand response) {
        return response.getExtFields() == null ? Map.of() : response.getExtFields();
    }

    private static int crc32(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }

    @Override
    public void close() {
        if (ownsConnection) {
            remoting.shutdown();
        }
    }
}

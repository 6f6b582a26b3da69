package io.hexmq.domain.route;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Builds registrations for tests: a master of broker-a in DefaultCluster with topics T1 and T2 unless told otherwise. */
final class Registrations {

    static final ClusterName CLUSTER = new ClusterName("DefaultCluster");
    static final long TIMEOUT = 120_000;

    private ClusterName cluster = CLUSTER;
    private BrokerName name;
    private BrokerAddress address;
    private BrokerId id;
    private Optional<BrokerAddress> haServer;
    private long timeoutMillis = TIMEOUT;
    private boolean actingMaster;
    private DataVersion version = new DataVersion(1_000, 1, 0);
    private List<TopicConfig> topics = List.of(topic("T1", 4), topic("T2", 8));
    private List<BrokerAddress> filterServers = List.of();
    private ConnectionId connection;

    private Registrations(String name, String host, long id) {
        this.name = new BrokerName(name);
        this.address = new BrokerAddress(host + ":10911");
        this.haServer = Optional.of(new BrokerAddress(host + ":10912"));
        this.id = new BrokerId(id);
        this.connection = new ConnectionId("conn-" + host + "-" + id);
    }

    static Registrations master(String name, String host) {
        return new Registrations(name, host, 0);
    }

    static Registrations slave(String name, String host, long id) {
        return new Registrations(name, host, id);
    }

    static TopicConfig topic(String name, int queues) {
        return TopicConfig.of(new TopicName(name), queues, queues, Permission.READ_WRITE);
    }

    static TopicName topicName(String name) {
        return new TopicName(name);
    }

    Registrations cluster(String value) {
        this.cluster = new ClusterName(value);
        return this;
    }

    Registrations id(long value) {
        this.id = new BrokerId(value);
        return this;
    }

    Registrations version(long timestamp, long counter) {
        this.version = new DataVersion(timestamp, counter, 0);
        return this;
    }

    Registrations topics(TopicConfig... configs) {
        this.topics = Arrays.asList(configs);
        return this;
    }

    Registrations timeoutMillis(long value) {
        this.timeoutMillis = value;
        return this;
    }

    Registrations actingMaster() {
        this.actingMaster = true;
        return this;
    }

    Registrations filterServers(String... addresses) {
        this.filterServers = Arrays.stream(addresses).map(BrokerAddress::new).toList();
        return this;
    }

    Registrations connection(String value) {
        this.connection = new ConnectionId(value);
        return this;
    }

    BrokerName brokerName() {
        return name;
    }

    BrokerAddress address() {
        return address;
    }

    BrokerRegistration build() {
        return new BrokerRegistration(cluster, name, address, id, haServer, Optional.empty(), timeoutMillis,
                actingMaster, version, topics, filterServers, connection);
    }
}

package io.hexmq.adapters.netty.namesrv;

import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.remoting.header.KvConfigHeader;
import io.hexmq.remoting.protocol.HeaderReader;

/**
 * The broker-identity header fields of the NameServer requests brokers send, read into domain values
 * (field names as on the wire); the headers the SDK shares are defined in {@code io.hexmq.remoting.header}.
 */
final class Headers {

    static final String CLUSTER_NAME = "clusterName";
    static final String BROKER_NAME = "brokerName";
    static final String BROKER_ADDR = "brokerAddr";
    static final String BROKER_ID = "brokerId";

    private Headers() {
    }

    static ClusterName clusterName(HeaderReader header) {
        return new ClusterName(header.requiredString(CLUSTER_NAME));
    }

    static BrokerName brokerName(HeaderReader header) {
        return new BrokerName(header.requiredString(BROKER_NAME));
    }

    static BrokerAddress brokerAddress(HeaderReader header) {
        return new BrokerAddress(header.requiredString(BROKER_ADDR));
    }

    static BrokerId brokerId(HeaderReader header) {
        return new BrokerId(header.requiredLong(BROKER_ID));
    }

    static KvNamespace namespace(HeaderReader header) {
        return new KvNamespace(header.stringOf(KvConfigHeader.NAMESPACE));
    }
}

package io.hexmq.adapters.netty.namesrv;

import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;

/** Header fields several NameServer requests carry, read into domain values (field names as on the wire). */
final class Headers {

    static final String CLUSTER_NAME = "clusterName";
    static final String BROKER_NAME = "brokerName";
    static final String BROKER_ADDR = "brokerAddr";
    static final String BROKER_ID = "brokerId";
    static final String NAMESPACE = "namespace";
    static final String KEY = "key";
    static final String TOPIC = "topic";

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
        return new KvNamespace(header.requiredString(NAMESPACE));
    }
}

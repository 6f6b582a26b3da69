package io.hexmq.domain.route;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.topic.DataVersion;
import java.util.Optional;

/** When the NameServer last heard from one broker, and what it needs to let it go or answer about it. */
record BrokerLiveness(
        BrokerName brokerName,
        long lastUpdateMillis,
        long timeoutMillis,
        DataVersion dataVersion,
        ConnectionId connection,
        Optional<BrokerAddress> haServerAddress) {

    BrokerLiveness heardAt(long nowMillis) {
        return new BrokerLiveness(brokerName, nowMillis, timeoutMillis, dataVersion, connection, haServerAddress);
    }

    /** Expired once more than the timeout has passed; subtracting keeps a huge timeout from overflowing. */
    boolean isExpiredAt(long nowMillis) {
        return nowMillis - lastUpdateMillis > timeoutMillis;
    }
}

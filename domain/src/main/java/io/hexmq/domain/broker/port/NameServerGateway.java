package io.hexmq.domain.broker.port;

import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.NameServerReply;
import java.util.List;

/**
 * What a broker needs from the NameServers it is configured with: to be listed in their routes, and
 * to be taken out of them when it stops.
 *
 * <p>Promise: each call reaches every configured NameServer, in parallel, and returns once each has
 * answered, failed or timed out (RocketMQ's {@code registerBrokerTimeoutMills}, 24 s by default). One
 * unreachable NameServer never fails the call: the broker re-registers every 30 s anyway, and the
 * NameServer learns the broker at the next round. The adapter logs such failures once, at the edge.
 *
 * <p>Cost: one request per NameServer per call, carrying every topic config; callers register at
 * start, on a 30 s timer, and after a change to the topic table, not more often.
 */
public interface NameServerGateway {

    /** Registers with every NameServer; returns the answers of those that answered (possibly none). */
    List<NameServerReply> register(NameServerRegistration registration);

    /** Tells every NameServer that the broker is leaving (UNREGISTER_BROKER); failures are ignored. */
    void unregister(BrokerIdentity broker);
}

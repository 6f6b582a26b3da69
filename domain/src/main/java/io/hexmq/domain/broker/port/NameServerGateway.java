package io.hexmq.domain.broker.port;

import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.RegistrationOutcome;

/**
 * What a broker needs from the NameServers it is configured with: to be listed in their routes, and
 * to be taken out of them when it stops.
 *
 * <p>Promise: each call reaches every configured NameServer, in parallel, and returns once each has
 * answered, failed or timed out (RocketMQ's {@code registerBrokerTimeoutMills}, 24 s by default). One
 * unreachable NameServer never fails the call: a registration reports it among its
 * {@link RegistrationOutcome#failures()}, and the caller decides when to try again and how often to
 * say so; failures of an unregistration are logged by the adapter.
 *
 * <p>Cost: one request per NameServer per call, carrying every topic config (or a few, one after the
 * other, when the adapter splits a registration too large for one frame or is told to), and a wait of
 * up to the timeout for each, so a caller registers from its own thread, never from one that serves a
 * request: at start, on a 30 s timer, and after a change to the topic table, not more often.
 */
public interface NameServerGateway {

    /** Registers with every NameServer; returns the answers of those that answered, and why the others did not. */
    RegistrationOutcome register(NameServerRegistration registration);

    /** Tells every NameServer that the broker is leaving (UNREGISTER_BROKER); failures are ignored. */
    void unregister(BrokerIdentity broker);
}

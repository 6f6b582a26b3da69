package io.hexmq.domain.broker.port;

/**
 * How a change to the broker's topic table reaches the NameServers without the request that made it
 * waiting for them: the request says that the topics changed and goes on.
 *
 * <p>Promise: {@link #topicsChanged()} returns at once; it never blocks on a NameServer, a socket or a
 * file, so a send, heartbeat or send-back that creates a topic is answered as soon as the topic is
 * stored. The broker then registers its whole topic table, at the table's version when the
 * registration is built, within one registration round (about 100 ms,
 * {@code registerNameServerCoalesceMillis}); a failed registration is retried until the NameServers
 * answer.
 *
 * <p>Cost: marks coalesce. Any number of calls before a round cost one registration; a call made while a
 * registration is under way costs one more round, so the NameServers never miss the last change.
 */
public interface RegistrationDemand {

    /** The topic table changed (a topic was created, changed or deleted): register it again soon. */
    void topicsChanged();
}

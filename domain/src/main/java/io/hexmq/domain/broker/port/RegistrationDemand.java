package io.hexmq.domain.broker.port;

import java.util.concurrent.CompletionStage;

/**
 * How a change to the broker's topic table reaches the NameServers without the request that made it
 * holding a thread while they are asked: the request says that the topics changed and goes on.
 *
 * <p>Promise: both calls return at once; neither blocks on a NameServer, a socket or a file. The
 * broker then registers the change, at the table's version when the registration is built: the topics
 * created or changed since the NameServers last took a registration (the whole table when they never
 * did, or after a failure), within one registration round (about 100 ms,
 * {@code registerNameServerCoalesceMillis}); a failed registration is retried in full until the
 * NameServers answer. The whole table is registered every {@code registerNameServerPeriod} anyway.
 * <ul>
 *   <li>{@link #topicsChanged()} is for requests that must not wait (a send, a heartbeat or a send-back
 *       that creates a topic): they are answered as soon as the topic is stored.</li>
 *   <li>{@link #topicsChangedAwaitingRound()} is for an admin's change, answered, as RocketMQ answers
 *       it, once the NameServers have been asked: its stage completes when a registration round that
 *       began after the call has ended, whatever the NameServers said (answered, refused, silent until
 *       the timeout), or when the registration stops. It never completes exceptionally: the change is
 *       stored either way, and the registrar retries a failed round on its own. Such a change does not
 *       wait out the coalescing delay: its round runs at once (right after one under way), and while
 *       the NameServers do not answer it does not wait out the back-off either (its round runs one
 *       coalescing delay later), so the answer takes about one registration (two when one was under
 *       way).</li>
 * </ul>
 *
 * <p>Cost: marks coalesce. Any number of calls before a round cost one registration; a call made while a
 * registration is under way costs one more round, so the NameServers never miss the last change.
 */
public interface RegistrationDemand {

    /** The topic table changed (a topic was created, changed or deleted): register it again soon. */
    void topicsChanged();

    /**
     * Something the NameServers learn from a registration other than the topics changed (the broker's
     * role in a replicated group, under which its gateway registers it): register the whole table soon,
     * even if no topic changed, as a broker the NameServers may not know under its new role must.
     */
    default void brokerChanged() {
        topicsChanged();
    }

    /**
     * As {@link #topicsChanged()}, for a caller that answers once the change was registered.
     *
     * @return completes normally when a round that carries the change has ended, or when the registration
     *         stops; usually on the registrar's thread, so what is chained to it must be quick
     */
    CompletionStage<Void> topicsChangedAwaitingRound();
}

package io.hexmq.bootstrap.wiring;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;

/**
 * Builds a message store that is none of the broker's own choices ({@code storeType}), for callers
 * that bring their own: the benchmarks' null store, which measures the broker without a disk. The
 * broker wires everything else as it always does.
 */
@FunctionalInterface
public interface MessageStoreFactory {

    /** @param storeHost the address the broker writes into its records; @param clock the broker's clock */
    MessageStore create(HostAddress storeHost, Clock clock);
}

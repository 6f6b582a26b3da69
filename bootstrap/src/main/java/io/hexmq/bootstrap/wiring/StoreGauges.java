package io.hexmq.bootstrap.wiring;

import java.util.function.LongSupplier;

/** Figures of the chosen store that GET_BROKER_RUNTIME_INFO reports; each store module provides its own. */
public record StoreGauges(LongSupplier earliestMessageTime, LongSupplier commitLogMinOffset,
                          LongSupplier commitLogMaxOffset) {
}

package io.hexmq.domain.consumer.port;

import io.hexmq.domain.consumer.SubscriptionGroupTable;
import java.util.Optional;

/**
 * Durable home of the subscription group configs (RocketMQ keeps them in
 * {@code config/subscriptionGroup.json}).
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns that
 * table or a later one, never a mix. Cost: one synchronous write of the whole table per change;
 * changes are admin actions and the first heartbeat of a new group.
 *
 * <p>Calls never overlap: {@link io.hexmq.domain.consumer.SubscriptionGroups} saves one table at a
 * time. Failures surface as {@link io.hexmq.domain.consumer.ConsumerStateStorageException}.
 */
public interface SubscriptionGroupStore {

    /** The last saved table, or empty when none was ever saved. */
    Optional<SubscriptionGroupTable> load();

    /** Replaces what is stored with {@code table}, durably, before returning. */
    void save(SubscriptionGroupTable table);
}

package io.hexmq.application.fakes;

import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** Keeps the last saved subscription group table in memory. */
public final class InMemorySubscriptionGroupStore implements SubscriptionGroupStore {

    private volatile SubscriptionGroupTable saved;
    private final AtomicInteger saves = new AtomicInteger();

    @Override
    public Optional<SubscriptionGroupTable> load() {
        return Optional.ofNullable(saved);
    }

    @Override
    public void save(SubscriptionGroupTable table) {
        saved = table;
        saves.incrementAndGet();
    }

    public int saveCount() {
        return saves.get();
    }
}

package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.Multibinder;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.StoreHousekeeping;
import io.hexmq.domain.time.port.Clock;
import jakarta.inject.Named;
import java.util.Optional;

/**
 * A store the caller brings ({@link MessageStoreFactory}) in place of a store module: no maintenance
 * chores, and no store files, so it cannot serve a replicated group.
 */
public final class SuppliedStoreModule extends AbstractModule {

    private final MessageStoreFactory factory;

    public SuppliedStoreModule(MessageStoreFactory factory) {
        this.factory = factory;
    }

    @Override
    protected void configure() {
        Multibinder.newSetBinder(binder(), StoreMaintenance.class);
    }

    @Provides
    @Singleton
    @Named(ReplicationModule.LOCAL)
    MessageStore localStore(HostAddress storeHost, Clock clock) {
        return factory.create(storeHost, clock);
    }

    @Provides
    @Singleton
    MessageStore messageStore(@Named(ReplicationModule.LOCAL) MessageStore store) {
        return store;
    }

    /** The store's log starts at 0: nothing is ever retained away. */
    @Provides
    @Singleton
    StoreGauges gauges(MessageStore store) {
        return StoreGauges.of(store, () -> 0L, store::commitLogMaxOffset, Optional.empty());
    }

    /** The operator's housekeeping commands need the supplied store to offer them. */
    @Provides
    StoreHousekeeping housekeeping(@Named(ReplicationModule.LOCAL) MessageStore store) {
        if (store instanceof StoreHousekeeping housekeeping) {
            return housekeeping;
        }
        throw new IllegalStateException("the supplied message store " + store.getClass().getName()
                + " does not implement StoreHousekeeping");
    }
}

package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.chronicle.ChronicleMessageStore;
import io.hexmq.adapters.chronicle.ChronicleStoreFiles;
import io.hexmq.adapters.chronicle.ChronicleStoreSettings;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.StoreHousekeeping;
import io.hexmq.domain.replication.port.StoreFiles;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.FlushDiskType;
import jakarta.inject.Named;
import java.time.Duration;
import java.util.Optional;

/** The Chronicle Queue store under {@code storePathRootDir}. */
public final class ChronicleStoreModule extends AbstractModule {

    private final BrokerConfig config;

    public ChronicleStoreModule(BrokerConfig config) {
        this.config = config;
    }

    @Provides
    @Singleton
    ChronicleMessageStore chronicleStore(HostAddress storeHost, Clock clock) {
        BrokerConfig.StoreConfig store = config.store();
        ChronicleStoreSettings settings = ChronicleStoreSettings.defaults(store.storePathRootDir())
                .withRollCycle(store.rollCycle())
                .withFlushDiskType(FlushDiskType.valueOf(store.flushDiskType()))
                .withFlushIntervalCommitLog(store.flushIntervalCommitLog())
                .withFileReservedTime(store.fileReservedTime())
                .withDiskMaxUsedSpaceRatio(store.diskMaxUsedSpaceRatio())
                .withMaxMessageSize(store.maxMessageSize());
        return new ChronicleMessageStore(settings, storeHost, clock);
    }

    /** Asked for only by a replica of a group: a follower behind the purged log installs the leader's files. */
    @Provides
    @Singleton
    StoreFiles storeFiles(ChronicleMessageStore store) {
        return new ChronicleStoreFiles(store, config.store().storePathRootDir(), GroupLogDirectory.frozenFiles(config),
                GroupLogDirectory.notTheStores());
    }

    /** This broker's own store; the one the broker uses unless a replicated group decorates it. */
    @Provides
    @Singleton
    @Named(ReplicationModule.LOCAL)
    MessageStore localStore(ChronicleMessageStore store) {
        return store;
    }

    @Provides
    @Singleton
    MessageStore messageStore(@Named(ReplicationModule.LOCAL) MessageStore store) {
        return store;
    }

    /** The operator's housekeeping always runs on this broker's own files, a replica's too. */
    @Provides
    StoreHousekeeping housekeeping(ChronicleMessageStore store) {
        return store;
    }

    @Provides
    @Singleton
    StoreGauges gauges(ChronicleMessageStore store) {
        return StoreGauges.of(store, store::commitLogMinOffset, store::commitLogMaxOffset,
                Optional.of(store.commitLogDirectory()));
    }

    /** Each retention run ends by measuring the disk, so no chore of its own checks the disk space. */
    @ProvidesIntoSet
    StoreMaintenance retention(ChronicleMessageStore store) {
        return new StoreMaintenance("roll cycle retention and disk space check", Duration.ofSeconds(10),
                store::deleteExpiredFiles);
    }
}

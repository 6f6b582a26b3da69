package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.file.FileStoreSettings;
import io.hexmq.adapters.file.MappedFileMessageStore;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.FlushDiskType;
import jakarta.inject.Named;
import java.time.Duration;

/** The RocketMQ-style store: memory-mapped commit log and consume queues under {@code storePathRootDir}. */
public final class FileStoreModule extends AbstractModule {

    private final BrokerConfig config;

    public FileStoreModule(BrokerConfig config) {
        this.config = config;
    }

    @Provides
    @Singleton
    MappedFileMessageStore mappedFileStore(HostAddress storeHost, Clock clock) {
        BrokerConfig.StoreConfig store = config.store();
        FileStoreSettings defaults = FileStoreSettings.defaults(store.storePathRootDir());
        FileStoreSettings settings = new FileStoreSettings(store.storePathRootDir(),
                store.mappedFileSizeCommitLog(), store.mappedFileSizeConsumeQueue(),
                FlushDiskType.valueOf(store.flushDiskType()), store.flushIntervalCommitLog(),
                defaults.flushIntervalConsumeQueue(), defaults.syncFlushTimeout(), store.fileReservedTime(),
                store.diskMaxUsedSpaceRatio(), store.maxMessageSize(), defaults.maxTransferBytesOnMessageInMemory(),
                store.maxHashSlotNum(), store.maxIndexNum());
        return new MappedFileMessageStore(settings, storeHost, clock);
    }

    /** This broker's own store; the one the broker uses unless a replicated group decorates it. */
    @Provides
    @Singleton
    @Named(ReplicationModule.LOCAL)
    MessageStore localStore(MappedFileMessageStore store) {
        return store;
    }

    @Provides
    @Singleton
    MessageStore messageStore(@Named(ReplicationModule.LOCAL) MessageStore store) {
        return store;
    }

    @Provides
    @Singleton
    StoreGauges gauges(MappedFileMessageStore store) {
        return StoreGauges.of(store, store::commitLogMinOffset, store::commitLogMaxOffset);
    }

    @ProvidesIntoSet
    StoreMaintenance retention(MappedFileMessageStore store) {
        return new StoreMaintenance("commit log retention", Duration.ofSeconds(10), store::deleteExpiredFiles);
    }

    @ProvidesIntoSet
    StoreMaintenance diskSpace(MappedFileMessageStore store) {
        return new StoreMaintenance("disk space check", Duration.ofSeconds(10), store::checkDiskSpace);
    }
}

package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.file.FileStoreSettings;
import io.hexmq.adapters.file.MappedFileMessageStore;
import io.hexmq.adapters.file.MappedFileStoreFiles;
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

/** The RocketMQ-style store: memory-mapped commit log and consume queues under {@code storePathRootDir}. */
public final class FileStoreModule extends AbstractModule {

    private final BrokerConfig config;

    public FileStoreModule(BrokerConfig config) {
        this.config = config;
    }

    @Provides
    @Singleton
    FileStoreSettings settings() {
        BrokerConfig.StoreConfig store = config.store();
        FileStoreSettings defaults = FileStoreSettings.defaults(store.storePathRootDir());
        return new FileStoreSettings(store.storePathRootDir(),
                store.mappedFileSizeCommitLog(), store.mappedFileSizeConsumeQueue(),
                FlushDiskType.valueOf(store.flushDiskType()), store.flushIntervalCommitLog(),
                defaults.flushIntervalConsumeQueue(), defaults.syncFlushTimeout(), store.fileReservedTime(),
                store.diskMaxUsedSpaceRatio(), store.maxMessageSize(), defaults.maxTransferBytesOnMessageInMemory(),
                store.maxHashSlotNum(), store.maxIndexNum());
    }

    @Provides
    @Singleton
    MappedFileMessageStore mappedFileStore(FileStoreSettings settings, HostAddress storeHost, Clock clock) {
        return new MappedFileMessageStore(settings, storeHost, clock);
    }

    /** Asked for only by a replica of a group: a follower behind the purged log installs the leader's files. */
    @Provides
    @Singleton
    StoreFiles storeFiles(MappedFileMessageStore store, FileStoreSettings settings) {
        return new MappedFileStoreFiles(store, settings, GroupLogDirectory.frozenFiles(config),
                GroupLogDirectory.notTheStores());
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

    /** The operator's housekeeping always runs on this broker's own files, a replica's too. */
    @Provides
    StoreHousekeeping housekeeping(MappedFileMessageStore store) {
        return store;
    }

    @Provides
    @Singleton
    StoreGauges gauges(MappedFileMessageStore store) {
        return StoreGauges.of(store, store::commitLogMinOffset, store::commitLogMaxOffset,
                Optional.of(store.commitLogDirectory()));
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

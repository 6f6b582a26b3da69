package io.hexmq.adapters.chronicle;

import io.hexmq.application.store.StoreFilesContract;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.replication.port.StoreFiles;
import io.hexmq.domain.time.port.Clock;
import java.nio.file.Path;
import java.util.Set;

class ChronicleStoreFilesTest extends StoreFilesContract {

    private static final HostAddress HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);

    @Override
    protected MessageStore openStore(Path root, Clock clock) {
        ChronicleMessageStore store = TestStores.store(TestStores.settings(root), HOST, clock);
        store.start();
        return store;
    }

    @Override
    protected StoreFiles filesOf(MessageStore store, Path root) {
        return new ChronicleStoreFiles((ChronicleMessageStore) store, root, root.resolve(KEPT + "/frozen"),
                Set.of(KEPT));
    }
}

package io.hexmq.adapters.chronicle;

import java.nio.file.Path;

/** Settings shared by the Chronicle store tests. */
final class TestStores {

    static final int MAX_MESSAGE_SIZE = 16 * 1024;

    private TestStores() {
    }

    static ChronicleStoreSettings settings(Path root) {
        return ChronicleStoreSettings.defaults(root).withMaxMessageSize(MAX_MESSAGE_SIZE).withFlushIntervalCommitLog(50);
    }
}

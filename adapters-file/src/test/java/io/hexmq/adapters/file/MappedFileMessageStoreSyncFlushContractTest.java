package io.hexmq.adapters.file;

import io.hexmq.storage.FlushDiskType;
import java.nio.file.Path;

/**
 * The file store against the shared contract under SYNC_FLUSH, where every append's stage is completed by
 * the group commit's flush rather than on the appending thread.
 */
class MappedFileMessageStoreSyncFlushContractTest extends MappedFileMessageStoreTest {

    @Override
    FileStoreSettings settings(Path directory) {
        return super.settings(directory).withFlushDiskType(FlushDiskType.SYNC_FLUSH);
    }
}

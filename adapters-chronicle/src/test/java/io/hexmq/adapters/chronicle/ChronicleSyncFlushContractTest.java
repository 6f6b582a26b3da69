package io.hexmq.adapters.chronicle;

import io.hexmq.storage.FlushDiskType;
import java.nio.file.Path;

/**
 * The Chronicle store against the shared contract under SYNC_FLUSH, where every append's stage is completed
 * by the flush thread's force rather than on the appending thread.
 */
class ChronicleSyncFlushContractTest extends ChronicleMessageStoreTest {

    @Override
    ChronicleStoreSettings settings(Path directory) {
        return super.settings(directory).withFlushDiskType(FlushDiskType.SYNC_FLUSH);
    }
}

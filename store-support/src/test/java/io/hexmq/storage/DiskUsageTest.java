package io.hexmq.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskUsageTest {

    @TempDir
    Path root;

    @Test
    void fileSystem_readsThePartitionAsAPercentage() {
        assertThat(DiskUsage.FILE_SYSTEM.usedPercent(root)).isBetween(0.0, 100.0);
    }

    @Test
    void fileSystem_readsTheNearestExistingParent_ofAStoreNotCreatedYet() {
        double missing = DiskUsage.FILE_SYSTEM.usedPercent(root.resolve("not").resolve("yet"));

        assertThat(missing).as("the partition of " + root + ", which a busy disk may move a little")
            .isCloseTo(DiskUsage.FILE_SYSTEM.usedPercent(root), Offset.offset(5.0));
    }
}

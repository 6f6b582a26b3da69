package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.replication.AppliedPoint;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedApplyLedgerTest {

    @TempDir
    Path dir;

    @Test
    void readsNothingApplied_whenNeverWritten() {
        try (MappedApplyLedger ledger = new MappedApplyLedger(dir.resolve("apply.ledger"))) {
            assertThat(ledger.last()).isEqualTo(AppliedPoint.NONE);
        }
    }

    @Test
    void readsTheLastRecordedPoint_afterAReopen() {
        Path file = dir.resolve("apply.ledger");
        try (MappedApplyLedger ledger = new MappedApplyLedger(file)) {
            ledger.record(new AppliedPoint(3, 100));
            ledger.record(new AppliedPoint(7, 250));
            ledger.record(new AppliedPoint(9, 400));
        }

        try (MappedApplyLedger reopened = new MappedApplyLedger(file)) {
            assertThat(reopened.last()).isEqualTo(new AppliedPoint(9, 400));
            reopened.record(new AppliedPoint(10, 500));
        }
        try (MappedApplyLedger again = new MappedApplyLedger(file)) {
            assertThat(again.last()).isEqualTo(new AppliedPoint(10, 500));
        }
    }

    @Test
    void fallsBackToThePreviousPoint_whenTheLastRecordIsTorn() throws IOException {
        Path file = dir.resolve("apply.ledger");
        try (MappedApplyLedger ledger = new MappedApplyLedger(file)) {
            ledger.record(new AppliedPoint(3, 100));
            ledger.record(new AppliedPoint(4, 180));
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(8).putLong(0, 999), 0 + 16);
        }

        try (MappedApplyLedger reopened = new MappedApplyLedger(file)) {
            assertThat(reopened.last()).isEqualTo(new AppliedPoint(3, 100));
        }
    }
}

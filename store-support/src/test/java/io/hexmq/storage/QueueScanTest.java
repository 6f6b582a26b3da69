package io.hexmq.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import java.nio.ByteBuffer;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QueueScanTest {

    private static ByteBuffer record(int size) {
        return ByteBuffer.allocate(size).asReadOnlyBuffer();
    }

    /** The loop a store runs, over entries described by their tag code and size (size 0: gone). */
    private static ReadResult scan(QueueScan scan, long[] tagsCodes, int[] sizes) {
        while (scan.hasNext()) {
            int i = scan.scanned();
            if (sizes[i] == 0) {
                scan.skipRemoved();
            } else if (scan.matchesTagsCode(tagsCodes[i]) && !scan.exceedsBudget(sizes[i])) {
                scan.offer(record(sizes[i]));
            }
        }
        return scan.result(0, tagsCodes.length);
    }

    @Test
    void stopsAtMaxMessages_andContinuesAfterTheLastScanned() {
        ReadResult result = scan(new QueueScan(0, 5, 2, 1000, MessageFilter.ALL), new long[5], new int[] {10, 10, 10, 10, 10});

        assertThat(result.status()).isEqualTo(ReadStatus.FOUND);
        assertThat(result.messages()).hasSize(2);
        assertThat(result.nextBeginOffset()).isEqualTo(2);
    }

    @Test
    void stopsBeforeTheRecordThatOverrunsTheBudget_butAlwaysReturnsOne() {
        ReadResult result = scan(new QueueScan(0, 3, 32, 15, MessageFilter.ALL), new long[3], new int[] {20, 10, 10});

        assertThat(result.messages()).hasSize(1);
        assertThat(result.nextBeginOffset()).as("the second is not scanned").isEqualTo(1);
    }

    @Test
    void skipsFilteredEntries_andCountsThem() {
        MessageFilter onlySeven = MessageFilter.byTagsCodes(Set.of(7));

        ReadResult result = scan(new QueueScan(0, 3, 32, 1000, onlySeven), new long[] {1, 2, 7}, new int[] {10, 10, 10});

        assertThat(result.messages()).hasSize(1);
        assertThat(result.nextBeginOffset()).isEqualTo(3);
        ReadResult none = scan(new QueueScan(0, 2, 32, 1000, onlySeven), new long[] {1, 2}, new int[] {10, 10});
        assertThat(none.status()).isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
        assertThat(none.nextBeginOffset()).isEqualTo(2);
    }

    @Test
    void reportsRemovedMessages_whenNothingWasFound() {
        ReadResult result = scan(new QueueScan(0, 2, 32, 1000, MessageFilter.ALL), new long[2], new int[] {0, 0});

        assertThat(result.status()).isEqualTo(ReadStatus.MESSAGE_WAS_REMOVING);
        assertThat(result.nextBeginOffset()).isEqualTo(2);
    }
}

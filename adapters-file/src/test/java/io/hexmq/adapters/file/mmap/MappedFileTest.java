package io.hexmq.adapters.file.mmap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedFileTest {

    private static final Path OWN_FILE_DESCRIPTORS = Path.of("/proc/self/fd");
    private static final int PAGE = 4096;
    private static final byte GARBAGE = 0x5A;

    @TempDir
    Path directory;

    @Test
    void holdsNoOpenFile_onceMapped_yetWritesReachTheFile() throws IOException {
        assumeTrue(Files.isDirectory(OWN_FILE_DESCRIPTORS), "needs Linux's /proc/self/fd");
        MappedFile segment = MappedFile.open(directory, 0, 4096);
        byte[] text = "kept".getBytes(StandardCharsets.US_ASCII);

        segment.write(0, ByteBuffer.wrap(text), text.length);
        segment.force();

        assertThat(descriptorsOpenOn(segment.path())).isZero();
        byte[] onDisk = Files.readAllBytes(segment.path());
        assertThat(onDisk).hasSize(4096);
        assertThat(new String(onDisk, 0, text.length, StandardCharsets.US_ASCII)).isEqualTo("kept");
    }

    @Test
    void zeroFrom_makesTheRestReadAsZero_throughTheMappingAndOnDisk_andKeepsWhatIsBefore() throws IOException {
        int size = 16 * PAGE;
        MappedFile segment = segmentFullOfGarbage(size);
        int cut = 3 * PAGE + 100;

        segment.zeroFrom(cut);

        byte[] mapped = new byte[size];
        segment.buffer().get(0, mapped);
        byte[] onDisk = Files.readAllBytes(segment.path());
        for (byte[] seen : new byte[][] {mapped, onDisk}) {
            assertThat(seen).hasSize(size);
            assertThat(Arrays.copyOfRange(seen, 0, cut)).containsOnly(GARBAGE);
            assertThat(Arrays.copyOfRange(seen, cut, size)).containsOnly((byte) 0);
        }
    }

    @Test
    void aSegmentZeroedFromAPageBoundary_keepsItsSize_andTakesWritesAnywhereInTheClearedPart() throws IOException {
        int size = 8 * PAGE;
        MappedFile segment = segmentFullOfGarbage(size);

        segment.zeroFrom(2 * PAGE);
        byte[] text = "late".getBytes(StandardCharsets.US_ASCII);
        segment.write(size - text.length, ByteBuffer.wrap(text), text.length);
        segment.force();

        MappedFile reopened = MappedFile.open(directory, 0, size);
        byte[] onDisk = new byte[size];
        reopened.buffer().get(0, onDisk);
        assertThat(Arrays.copyOfRange(onDisk, 0, 2 * PAGE)).containsOnly(GARBAGE);
        assertThat(Arrays.copyOfRange(onDisk, 2 * PAGE, size - text.length)).containsOnly((byte) 0);
        assertThat(new String(onDisk, size - text.length, text.length, StandardCharsets.US_ASCII)).isEqualTo("late");
    }

    @Test
    void theFirstWriteToANewSegment_bringsNoMoreOfItIntoThePageCache() {
        MappedFile segment = MappedFile.open(directory, 0, 6_000_000);
        byte[] entry = new byte[20];

        segment.write(0, ByteBuffer.wrap(entry), entry.length);

        // Read-around after a fault on an uncached page covers at least the next 128 KiB (Linux's default).
        MappedByteBuffer around = ((MappedByteBuffer) segment.buffer()).slice(PAGE, 31 * PAGE);
        assertThat(around.isLoaded()).as("pages after the first are cached").isFalse();
    }

    /** A segment every byte of which was written (and forced), as an old log's tail would be. */
    @Test
    void prefault_changesNoByte_writtenOrNot() {
        int size = 8 * PAGE;
        MappedFile segment = MappedFile.open(directory, 0, size);
        ByteBuffer record = ByteBuffer.allocate(PAGE + 10);
        while (record.hasRemaining()) {
            record.put(GARBAGE);
        }
        segment.write(2 * PAGE - 5, record.flip(), record.capacity());

        segment.prefault(0, size);

        byte[] mapped = new byte[size];
        segment.buffer().get(0, mapped);
        assertThat(Arrays.copyOfRange(mapped, 0, 2 * PAGE - 5)).containsOnly((byte) 0);
        assertThat(Arrays.copyOfRange(mapped, 2 * PAGE - 5, 3 * PAGE + 5)).containsOnly(GARBAGE);
        assertThat(Arrays.copyOfRange(mapped, 3 * PAGE + 5, size)).containsOnly((byte) 0);
    }

    @Test
    void prefault_racingAWriter_neverOverwritesWhatTheWriterPutThere() throws InterruptedException {
        int pages = 2048;
        MappedFile segment = MappedFile.open(directory, 0, pages * PAGE);
        Thread prefaulter = new Thread(() -> {
            for (int round = 0; round < 20; round++) {
                segment.prefault(0, pages * PAGE);
            }
        });
        prefaulter.start();
        ByteBuffer word = ByteBuffer.allocate(4).putInt(0, 0x01020304);
        for (int page = 0; page < pages; page++) {
            segment.write(page * PAGE, word, 4);
        }
        prefaulter.join();

        for (int page = 0; page < pages; page++) {
            assertThat(segment.buffer().getInt(page * PAGE)).as("page %d", page).isEqualTo(0x01020304);
        }
    }

    private MappedFile segmentFullOfGarbage(int size) {
        MappedFile segment = MappedFile.open(directory, 0, size);
        byte[] garbage = new byte[size];
        Arrays.fill(garbage, GARBAGE);
        segment.write(0, ByteBuffer.wrap(garbage), size);
        segment.force();
        return segment;
    }

    private static long descriptorsOpenOn(Path file) throws IOException {
        Path real = file.toRealPath();
        try (Stream<Path> descriptors = Files.list(OWN_FILE_DESCRIPTORS)) {
            return descriptors.filter(descriptor -> {
                try {
                    return Files.readSymbolicLink(descriptor).equals(real);
                } catch (IOException closedMeanwhile) {
                    return false;
                }
            }).count();
        }
    }
}
